import { formatPct, pctDirection } from "@/lib/format/percent";
import { toFiniteNumber } from "@/lib/format/symbols";
import { cn } from "./cn";
import { DIRECTION_CLASS } from "./direction";
import { UnknownValue } from "./unknown-value";

const ARROW = { up: "▲", down: "▼", flat: "" } as const;

/** Signed percent change, green up / red down; `signed={false}` for progress-like values (uncoloured). */
export function Pct({
  value,
  signed = true,
  colored = signed,
  arrow = false,
  decimals,
  className,
}: {
  value: unknown;
  signed?: boolean;
  colored?: boolean;
  arrow?: boolean;
  decimals?: number;
  className?: string;
}) {
  if (toFiniteNumber(value) === null) return <UnknownValue className={className} />;
  const dir = pctDirection(value, { decimals });
  return (
    <span className={cn("num whitespace-nowrap", colored && DIRECTION_CLASS[dir], className)}>
      {arrow && ARROW[dir] ? (
        <span aria-hidden="true" className="mr-0.5 text-[0.7em]">
          {ARROW[dir]}
        </span>
      ) : null}
      {formatPct(value, { signed, decimals })}
    </span>
  );
}
