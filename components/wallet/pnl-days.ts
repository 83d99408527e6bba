import type { PnlPeriod, WalletPnl } from "@/lib/api/core";

const DAY = 86_400_000;
const PERIOD_DAYS: Record<PnlPeriod, number | null> = { "1d": 1, "7d": 7, "30d": 30, all: null };
/** Upper bound on the days drawn for "all" (bounded memory and a readable chart). */
export const MAX_DAYS = 730;

export interface PnlDay {
  at: number;
  realizedPnlUsd: number;
  cumulativeUsd: number;
}

/** One point per UTC day over the period (days without trades are real zeros), with the running total. */
export function pnlDays(history: WalletPnl["history"], period: PnlPeriod, nowMs: number): PnlDay[] {
  const today = Math.floor(nowMs / DAY) * DAY;
  const byDay = new Map<number, number>();
  for (const h of history) {
    const d = Math.floor(h.at / DAY) * DAY;
    byDay.set(d, (byDay.get(d) ?? 0) + h.realizedPnlUsd);
  }
  const days = PERIOD_DAYS[period];
  const earliest = byDay.size ? Math.min(...byDay.keys()) : today;
  const lastDay = Math.max(today, byDay.size ? Math.max(...byDay.keys()) : today);
  let start = days === null ? earliest : lastDay - (days - 1) * DAY;
  start = Math.max(start, lastDay - (MAX_DAYS - 1) * DAY);
  const out: PnlDay[] = [];
  let run = 0;
  for (let d = start; d <= lastDay; d += DAY) {
    const v = byDay.get(d) ?? 0;
    run += v;
    out.push({ at: d, realizedPnlUsd: v, cumulativeUsd: run });
  }
  return out;
}
