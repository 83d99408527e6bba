import { type TokenTrade, tradeKey } from "@/lib/api/core";
import { compareTrades } from "@/lib/client/stream/reducers/trades";

// Pause on hover: rows that arrive while the pointer is over the tape wait in the store and show on leave (never
// dropped); rows that leave (reverted, expired, superseded) leave at once, and older pages still append below.

export interface PausedView {
  rows: TokenTrade[];
  /** Rows newer than the frozen head, waiting for the pointer to leave. */
  pending: number;
}

export function pausedView(
  frozenHead: TokenTrade | null,
  frozenKeys: ReadonlySet<string>,
  current: readonly TokenTrade[],
): PausedView {
  if (!frozenHead) return { rows: current.slice(), pending: 0 };
  const rows: TokenTrade[] = [];
  let pending = 0;
  for (const r of current) {
    if (frozenKeys.has(tradeKey(r)) || compareTrades(r, frozenHead) > 0) rows.push(r);
    else pending += 1;
  }
  return { rows, pending };
}
