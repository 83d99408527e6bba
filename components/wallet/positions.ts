import type { WalletPosition } from "@/lib/api/core";
import type { PositionFilter, PositionSort } from "./view-state";

// §2.7: a fully sold position has amount "0".
export const isOpen = (p: WalletPosition): boolean => !/^0+(\.0+)?$/.test(p.amount);

const KEY: Record<PositionSort, (p: WalletPosition) => number | string> = {
  value: (p) => p.amountUsd,
  pnl: (p) => p.totalPnlUsd,
  realized: (p) => p.realizedPnlUsd,
  unrealized: (p) => p.unrealizedPnlUsd,
  first: (p) => p.firstTradeAt,
  last: (p) => p.lastTradeAt,
  token: (p) => p.symbol.toLowerCase(),
};

/** Filtered and sorted rows; ties by token address so the order is stable across refetches. */
export function visiblePositions(
  rows: readonly WalletPosition[],
  show: PositionFilter,
  sort: PositionSort,
  dir: "asc" | "desc",
): WalletPosition[] {
  const key = KEY[sort];
  const sign = dir === "asc" ? 1 : -1;
  return rows
    .filter((p) => show === "all" || (show === "open") === isOpen(p))
    .sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      const c = ka < kb ? -1 : ka > kb ? 1 : 0;
      return c !== 0 ? c * sign : a.address < b.address ? -1 : a.address > b.address ? 1 : 0;
    });
}

export interface PositionTotals {
  count: number;
  amountUsd: number;
  realizedPnlUsd: number;
  unrealizedPnlUsd: number;
  totalPnlUsd: number;
  buys: number;
  sells: number;
}

export function positionTotals(rows: readonly WalletPosition[]): PositionTotals {
  const t: PositionTotals = {
    count: rows.length,
    amountUsd: 0,
    realizedPnlUsd: 0,
    unrealizedPnlUsd: 0,
    totalPnlUsd: 0,
    buys: 0,
    sells: 0,
  };
  for (const p of rows) {
    t.amountUsd += p.amountUsd;
    t.realizedPnlUsd += p.realizedPnlUsd;
    t.unrealizedPnlUsd += p.unrealizedPnlUsd;
    t.totalPnlUsd += p.totalPnlUsd;
    t.buys += p.buys;
    t.sells += p.sells;
  }
  return t;
}
