import { ExternalLink } from "@/components/ui/external-link";
import type { TokenMetadata } from "@/lib/api/core";
import { safeHttpsUrl, socialUrl } from "@/lib/format";

// Socials from the token's metadata: written by strangers, so https only (after parsing), and hidden otherwise.

export interface TokenLink {
  kind: "website" | "twitter" | "telegram" | "discord";
  label: string;
  href: string;
}

export function tokenLinks(meta: TokenMetadata | null | undefined): TokenLink[] {
  if (!meta) return [];
  const links: (TokenLink | null)[] = [
    link("website", "Website", safeHttpsUrl(meta.websiteUrl)),
    link("twitter", "X", socialUrl("twitter", meta.twitterUrl)),
    link("telegram", "Telegram", socialUrl("telegram", meta.telegramUrl)),
    link("discord", "Discord", safeHttpsUrl(meta.discordUrl)),
  ];
  return links.filter((l): l is TokenLink => l !== null);
}

function link(kind: TokenLink["kind"], label: string, href: string | null): TokenLink | null {
  return href ? { kind, label, href } : null;
}

export function TokenLinks({ meta, className }: { meta: TokenMetadata | null | undefined; className?: string }) {
  const links = tokenLinks(meta);
  if (links.length === 0) return null;
  return (
    <ul className={`flex flex-wrap items-center gap-1 ${className ?? ""}`} aria-label="Token links">
      {links.map((l) => (
        <li key={l.kind}>
          <ExternalLink
            href={l.href}
            className="rounded border border-border bg-panel-raised px-1.5 py-0.5 text-mini text-fg hover:border-accent/60 hover:no-underline"
          >
            {l.label}
          </ExternalLink>
        </li>
      ))}
    </ul>
  );
}
