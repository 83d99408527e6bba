import type { ReactNode } from "react";
import { displayUrl, SAFE_LINK_REL, safeHttpsUrl } from "@/lib/format/safe-url";
import { cn } from "./cn";
import { ExternalIcon } from "./icons";

/**
 * A link to an untrusted URL: rendered only when it is a plain https URL (normalised, punycoded host), opened
 * in a new tab with rel="noopener noreferrer nofollow" and no referrer. Anything else renders as plain text.
 */
export function ExternalLink({
  href,
  children,
  className,
  icon = true,
}: {
  href: unknown;
  children?: ReactNode;
  className?: string;
  icon?: boolean;
}) {
  const safe = safeHttpsUrl(href);
  if (!safe) {
    return (
      <span className={cn("text-muted", className)} title="Link hidden: not a safe https address">
        {children ?? "link unavailable"}
      </span>
    );
  }
  return (
    <a
      href={safe}
      target="_blank"
      rel={SAFE_LINK_REL}
      referrerPolicy="no-referrer"
      title={safe}
      className={cn("inline-flex items-center gap-1 text-accent hover:underline", className)}
    >
      {children ?? displayUrl(safe)}
      {icon ? <ExternalIcon /> : null}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
