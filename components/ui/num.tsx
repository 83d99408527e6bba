import { formatUnits, formatUnitsCompact } from "@/lib/format/address";
import {
  formatCompact,
  formatCount,
  formatNumber,
  formatSignedUsd,
  formatUsd,
  formatUsdFull,
} from "@/lib/format/number";
import { signDirection } from "@/lib/format/percent";
import { toFiniteNumber } from "@/lib/format/symbols";
import { cn } from "./cn";
import { DIRECTION_CLASS } from "./direction";
import { UnknownValue } from "./unknown-value";

interface BaseProps {
  value: unknown;
  className?: string;
}

/** A number, compact by default ("1.23K"); the full figure is in the title. */
export function Num({ value, className, full = false, decimals }: BaseProps & { full?: boolean; decimals?: number }) {
  if (toFiniteNumber(value) === null) return <UnknownValue className={className} />;
  const text = full ? formatNumber(value, { maxDecimals: decimals ?? 2 }) : formatCompact(value);
  return (
    <span className={cn("num", className)} title={formatNumber(value, { maxDecimals: 8 })}>
      {text}
    </span>
  );
}

/** Whole counts: txns, holders, buys/sells. */
export function Count({ value, className }: BaseProps) {
  if (toFiniteNumber(value) === null) return <UnknownValue className={className} />;
  return (
    <span className={cn("num", className)} title={formatNumber(value, { maxDecimals: 0 })}>
      {formatCount(value)}
    </span>
  );
}

/** Dollars: compact ("$1.23K") by default, full on request; signed and coloured for PnL. */
export function Usd({
  value,
  className,
  full = false,
  signed = false,
  colored = signed,
}: BaseProps & { full?: boolean; signed?: boolean; colored?: boolean }) {
  if (toFiniteNumber(value) === null) return <UnknownValue className={className} />;
  const text = signed ? formatSignedUsd(value) : full ? formatUsdFull(value) : formatUsd(value);
  return (
    <span
      className={cn("num", colored && DIRECTION_CLASS[signDirection(value)], className)}
      title={formatUsdFull(value)}
    >
      {text}
    </span>
  );
}

/** An on-chain amount in smallest units (decimal string), shown compact with the exact value in the title. */
export function Units({
  raw,
  decimals,
  symbol,
  className,
}: {
  raw: unknown;
  decimals: number;
  symbol?: string;
  className?: string;
}) {
  let exact: string;
  try {
    exact = formatUnits(raw as string, decimals);
  } catch {
    return <UnknownValue className={className} />;
  }
  return (
    <span className={cn("num", className)} title={symbol ? `${exact} ${symbol}` : exact}>
      {formatUnitsCompact(raw, decimals, symbol)}
    </span>
  );
}
