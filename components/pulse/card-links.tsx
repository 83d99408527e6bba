import Link from "next/link";
import type { ReactNode } from "react";
import { walletHref } from "@/components/search/search-target";
import { ExternalLink, SafeText, TokenIcon } from "@/components/ui";
import { shortAddress, socialUrl } from "@/lib/format";
import { GlobeIcon, TelegramIcon, XIcon } from "./card-icons";

// Links inside a card sit above the card's own link (z-10), so each opens its own target. On a phone each social
// icon is a 24 px target (padding taken back by a negative margin, so the row keeps its height) 24 px from the next.

function Social({ href, label, children }: { href: unknown; label: string; children: ReactNode }) {
  return (
    <ExternalLink
      href={href}
      icon={false}
      className="relative z-10 justify-center text-muted hover:text-fg max-sm:-m-1.5 max-sm:size-6"
    >
      {children}
      <span className="sr-only">{label}</span>
    </ExternalLink>
  );
}

/** Website, X and Telegram as icons; only https links become links (a hostile value shows a dimmed, inert icon). */
export function CardSocials({
  websiteUrl,
  twitterUrl,
  telegramUrl,
}: {
  websiteUrl: string | null;
  twitterUrl: string | null;
  telegramUrl: string | null;
}) {
  if (!websiteUrl && !twitterUrl && !telegramUrl) return null;
  return (
    <span className="flex shrink-0 items-center gap-1.5 max-sm:gap-3">
      {websiteUrl ? (
        <Social href={websiteUrl} label="Website">
          <GlobeIcon />
        </Social>
      ) : null}
      {twitterUrl ? (
        <Social href={socialUrl("twitter", twitterUrl) ?? twitterUrl} label="X (Twitter)">
          <XIcon />
        </Social>
      ) : null}
      {telegramUrl ? (
        <Social href={socialUrl("telegram", telegramUrl) ?? telegramUrl} label="Telegram">
          <TelegramIcon />
        </Social>
      ) : null}
    </span>
  );
}

/** The creator: avatar and name (or short address), linking to the wallet page. */
export function CardCreator({
  address,
  name,
  avatarUrl,
  chain,
}: {
  address: string;
  name: string | null;
  avatarUrl: string | null;
  chain: string;
}) {
  return (
    <Link
      href={walletHref(address, chain)}
      prefetch={false}
      title={`Creator ${address}`}
      className="relative z-10 flex min-w-0 items-center gap-1 text-muted hover:text-fg max-sm:min-h-6 max-sm:min-w-6"
    >
      <TokenIcon src={avatarUrl} seed={address} size={12} />
      {name ? (
        <SafeText value={name} max={14} className="text-mini" />
      ) : (
        <span className="num truncate font-mono text-mini">{shortAddress(address, 3, 3)}</span>
      )}
      <span className="sr-only"> (creator)</span>
    </Link>
  );
}
