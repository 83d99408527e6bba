import { type IndexedPool, type IndexedToken, ready } from "./state";

// Windowed stats from the minute series' stats columns (§4.14 token stats, 24 h figures everywhere).

export interface WindowTotals {
  volumeUsd: number;
  buyVolumeUsd: number;
  sellVolumeUsd: number;
  txns: number;
  buys: number;
  sells: number;
  organicTxns: number;
  organicVolumeUsd: number;
}

export function windowTotals(pools: readonly IndexedPool[], fromSec: number): WindowTotals {
  const t: WindowTotals = {
    volumeUsd: 0,
    buyVolumeUsd: 0,
    sellVolumeUsd: 0,
    txns: 0,
    buys: 0,
    sells: 0,
    organicTxns: 0,
    organicVolumeUsd: 0,
  };
  for (const p of pools) {
    const s = ready(p).m1;
    for (let i = s.len - 1; i >= 0; i--) {
      if (s.time(i) < fromSec) break;
      const txns = s.get("txns", i);
      const buys = s.get("buys", i);
      const volumeUsd = s.get("volumeUsd", i);
      const buyVolumeUsd = s.get("buyVolumeUsd", i);
      t.txns += txns;
      t.buys += buys;
      t.sells += txns - buys;
      t.volumeUsd += volumeUsd;
      t.buyVolumeUsd += buyVolumeUsd;
      t.sellVolumeUsd += volumeUsd - buyVolumeUsd;
      t.organicTxns += s.get("organicTxns", i);
      t.organicVolumeUsd += s.get("organicVolumeUsd", i);
    }
  }
  return t;
}

/** Native price at `atMs` (the close of the last minute bucket before it); the first open if the pool is younger. */
export function priceAt(pool: IndexedPool, atMs: number): number | null {
  const s = ready(pool).m1;
  const sec = Math.floor(atMs / 1000);
  const n = s.countAtOrBefore(sec - 1);
  if (n > 0) return s.get("c", n - 1);
  if (pool.createdAt >= atMs && s.len > 0) return s.get("o", 0);
  return null;
}

export function priceChangePct(
  t: IndexedToken,
  pools: readonly IndexedPool[],
  nowMs: number,
  windowMs: number,
): number | null {
  const pool = pools.find((p) => p === t.pricing) ?? pools[0];
  if (!pool) return null;
  const now = pool.priceNative;
  const then = priceAt(pool, nowMs - windowMs);
  if (then === null || !(then > 0) || !(now > 0)) return null;
  return Math.round((now / then - 1) * 1e6) / 1e4;
}

/**
 * Distinct makers trading since `fromMs`; null (unknown, §1.5) when the window reaches back before the index knew the
 * token's makers or past one it had to forget — a count of only the makers seen would be a wrong number.
 */
export function makersSince(t: IndexedToken, pools: readonly IndexedPool[] | null, fromMs: number): number | null {
  const exact = !((fromMs < t.makersFrom && t.makersFrom > t.createdAt) || fromMs <= t.makersLostAt);
  if (!pools) {
    let n = 0;
    for (const m of t.makers.values()) if (m.lastAt >= fromMs) n++;
    if (exact) return n;
    // Past what the map holds, a busy established token's makers sketch estimates the window (never below the
    // makers the map still remembers in it); without one the count is unknown.
    const estimate = t.makerSketch?.countSince(fromMs) ?? null;
    return estimate === null ? null : Math.max(n, estimate);
  }
  if (!exact) return null;
  const seen = new Set<string>();
  for (const p of pools) for (const [w, at] of p.makers) if (at >= fromMs) seen.add(w);
  return seen.size;
}
