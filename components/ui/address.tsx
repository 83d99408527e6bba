import Link from "next/link";
import { canonicalAddress } from "@/lib/api/address";
import { shortAddress } from "@/lib/format/address";
import { safeText } from "@/lib/format/safe-text";
import { cn } from "./cn";
import { CopyButton } from "./copy-button";

/**
 * A short address ("0x12ab…9f3e") with the full one in the title and a copy button. With `href` the short
 * form links (e.g. to the wallet page). Anything that is not an address is shown as cleaned text.
 */
export function Address({
  address,
  href,
  chars = 4,
  copy = true,
  label,
  className,
}: {
  address: string;
  href?: string;
  chars?: number;
  copy?: boolean;
  /** Name to show instead of the short address (an ENS name, a tag). */
  label?: string;
  className?: string;
}) {
  const valid = canonicalAddress(address) !== null;
  const full = valid ? address : safeText(address, { maxGraphemes: 128 }).text;
  const shown = label
    ? safeText(label, { maxGraphemes: 20 }).text || shortAddress(full, chars, chars)
    : shortAddress(full, chars, chars);
  return (
    <span className={cn("inline-flex min-w-0 items-center gap-1", className)}>
      {href ? (
        <Link prefetch={false} href={href} title={full} className="num truncate font-mono hover:text-accent hover:underline">
          {shown}
        </Link>
      ) : (
        <span title={full} className="num truncate font-mono">
          {shown}
        </span>
      )}
      {copy && full ? <CopyButton value={full} label="Copy address" /> : null}
    </span>
  );
}
