import type { IndexedToken } from "./state";

// Periodic upkeep that keeps the index within its caps.

/** Keeps all tapes within `budget` rows: quiet tokens lose old rows first, busy ones only if that is not enough. */
export function trimTapes(tokens: Iterable<IndexedToken>, total: number, budget: number, now: number): number {
  const list = [...tokens];
  for (const [keep, quietMs] of [
    [100, 10 * 60_000],
    [500, 0],
    [100, 0],
    [20, 0],
  ] as const) {
    if (total <= budget) return total;
    for (const t of list) {
      if (total <= budget * 0.9) return total;
      if (t.tape.size <= keep || (quietMs && (t.lastTradeAt ?? 0) > now - quietMs)) continue;
      total -= t.tape.trimTo(keep);
    }
  }
  return total;
}

/** Time-based retention of fine candles, also for pools that stopped trading (and frees their storage). */
export function expireCandles(tokens: Iterable<IndexedToken>, now: number): void {
  const sec = Math.floor(now / 1000);
  for (const t of tokens) {
    for (const p of t.pools) {
      p.s1.expire(sec);
      p.m1.expire(sec);
    }
  }
}

/** Pool makers only serve windowed counts (at most 24 h): older entries go. */
export function pruneMakers(tokens: Iterable<IndexedToken>, now: number): void {
  const cutoff = now - 24 * 3600_000;
  for (const t of tokens) {
    for (const p of t.pools) {
      if (p.makers.size === 0) continue;
      if ((t.lastTradeAt ?? 0) < cutoff) p.makers.clear();
      else for (const [w, at] of p.makers) if (at < cutoff) p.makers.delete(w);
    }
  }
}
