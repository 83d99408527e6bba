import { compactParts } from "./compact";
import { fractionFormat } from "./intl";
import { DASH, MINUS, toFiniteNumber } from "./symbols";

// §1.6: percent fields are percent values (3.7 means 3.7 %), never fractions.
export type Direction = "up" | "down" | "flat";

export interface PctOptions {
  /** Show "+" on gains (default true). Off for bonding progress, win rate, supply share. */
  signed?: boolean;
  /** Fixed decimals; by default 2 below 1 %, 1 below 1000 %, 0 above. */
  decimals?: number;
}

function autoDecimals(abs: number): number {
  if (abs < 1) return 2;
  if (abs < 1000) return 1;
  return 0;
}

function body(abs: number, decimals: number | undefined): string {
  if (abs >= 100_000) {
    const c = compactParts(abs, 3);
    return `${c.mantissa}${c.suffix}`;
  }
  const d = decimals === undefined ? autoDecimals(abs) : Math.min(6, Math.max(0, Math.trunc(decimals)));
  return fractionFormat(d, d).format(abs);
}

/** "+3.7%", "−12.4%", "+0.37%", "+1,234%", "+123K%", "0.00%", null → "—". */
export function formatPct(v: unknown, opts: PctOptions = {}): string {
  const n = toFiniteNumber(v);
  if (n === null) return DASH;
  const b = body(Math.abs(n), opts.decimals);
  const shownZero = !/[1-9]/.test(b);
  if (shownZero) return `${b}%`;
  if (n < 0) return `${MINUS}${b}%`;
  return opts.signed === false ? `${b}%` : `+${b}%`;
}

/** Colour direction, consistent with what formatPct prints: a change that rounds to zero is flat. */
export function pctDirection(v: unknown, opts: Pick<PctOptions, "decimals"> = {}): Direction {
  const n = toFiniteNumber(v);
  if (n === null) return "flat";
  if (!/[1-9]/.test(body(Math.abs(n), opts.decimals))) return "flat";
  return n > 0 ? "up" : "down";
}

/** Direction of any signed figure (PnL, net flow): zero and unknown are flat. */
export function signDirection(v: unknown): Direction {
  const n = toFiniteNumber(v);
  if (n === null || n === 0) return "flat";
  return n > 0 ? "up" : "down";
}
