import { formatPct } from "@/lib/format/percent";
import { toFiniteNumber } from "@/lib/format/symbols";
import { cn } from "./cn";
import { UnknownValue } from "./unknown-value";

/** Bar fill per progress: accent while bonding, amber when close, green once complete. */
export function progressTone(pct: number): string {
  if (pct >= 100) return "fill-up";
  if (pct >= 80) return "fill-amber-400";
  return "fill-accent";
}

/**
 * Bonding progress (percent, §1.6) as a thin bar and a figure. Drawn in SVG so the width needs no inline
 * style under a strict CSP. Unknown progress shows a dash, never an empty bar.
 */
export function ProgressBar({
  value,
  label = "Bonding progress",
  showValue = true,
  className,
}: {
  value: unknown;
  label?: string;
  showValue?: boolean;
  className?: string;
}) {
  const n = toFiniteNumber(value);
  if (n === null) return <UnknownValue className={className} />;
  const pct = Math.min(100, Math.max(0, n));
  const text = formatPct(pct, { signed: false, decimals: pct < 10 ? 1 : 0 });
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(pct * 10) / 10}
      aria-valuetext={text}
      className={cn("flex min-w-[4.25rem] items-center gap-1.5", className)}
    >
      <svg
        viewBox="0 0 100 4"
        preserveAspectRatio="none"
        aria-hidden="true"
        className="h-1 w-full min-w-8 rounded-full"
      >
        <rect width="100" height="4" className="fill-panel-raised" />
        <rect width={pct} height="4" className={progressTone(pct)} />
      </svg>
      {showValue ? <span className="num shrink-0 text-mini text-muted">{text}</span> : null}
    </div>
  );
}
