import { safeText, safeTextTitle } from "@/lib/format/safe-text";
import { cn } from "./cn";

/**
 * Untrusted text (token names, symbols, display names): cleaned of hidden characters, isolated with <bdi> so
 * it cannot reorder its neighbours, cut to `max` graphemes with the full text in the title, and marked ⚠ when
 * it hid something or imitates other letters.
 */
export function SafeText({
  value,
  max = 32,
  fallback = "Unnamed",
  className,
}: {
  value: unknown;
  max?: number;
  fallback?: string;
  className?: string;
}) {
  const r = safeText(value, { maxGraphemes: max });
  return (
    <span className={cn("inline-flex min-w-0 max-w-full items-baseline gap-0.5", className)} title={safeTextTitle(r)}>
      {r.text ? <bdi className="truncate">{r.text}</bdi> : <span className="italic text-muted">{fallback}</span>}
      {r.suspicious ? <WarningMark reasons={r.warnings} /> : null}
    </span>
  );
}

/** The ⚠ mark: its title and accessible name list the reasons. */
export function WarningMark({ reasons, className }: { reasons: string[]; className?: string }) {
  const text = reasons.join(". ");
  return (
    <span
      role="img"
      aria-label={`Warning: ${text}`}
      title={text}
      className={cn("shrink-0 cursor-help text-[0.85em] text-amber-400", className)}
    >
      {"\u26A0\uFE0E"}
    </span>
  );
}
