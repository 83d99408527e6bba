import type { PoolHistory } from "../engine/events";
import type { Bucket } from "./candle-series";
import type { IndexedPool } from "./state";

// Archived history (established tokens) goes in front of the live buckets: hourly candles into the hour
// series, the last day of minutes into the minute series (with stats) and rolled up into hours.

export function loadArchive(
  events: PoolHistory[],
  poolOf: (chain: string, address: string) => IndexedPool | undefined,
  nativeUsdAt: (chain: string, at: number) => number,
): void {
  for (const e of events) {
    const p = poolOf(e.chain, e.pool);
    if (!p) continue;
    const rows = e.time.map((time, i) => ({
      bucket: {
        time,
        open: e.open[i] as number,
        high: e.high[i] as number,
        low: e.low[i] as number,
        close: e.close[i] as number,
        volume: e.volume[i] as number,
        firstAt: time * 1000,
        lastAt: (time + e.stepSec) * 1000 - 1,
      },
    }));
    if (e.stepSec === 3600) {
      p.h1.prepend(rows);
      continue;
    }
    const minutes = rows.map((r, i) => {
      const txns = e.trades[i] as number;
      const buys = e.buys[i] as number;
      const volumeUsd = r.bucket.volume * nativeUsdAt(e.chain, r.bucket.time * 1000);
      // The archive keeps counts only: buy volume pro rata, every archived trade counted as organic.
      const buyVolumeUsd = txns ? (volumeUsd * buys) / txns : 0;
      const stats = { txns, buys, volumeUsd, buyVolumeUsd, organicTxns: txns, organicVolumeUsd: volumeUsd };
      return { bucket: r.bucket, stats };
    });
    p.m1.prepend(minutes);
    p.h1.prepend(
      rollUp(
        minutes.map((m) => m.bucket),
        3600,
      ),
    );
  }
}

export function rollUp(buckets: Bucket[], step: number): { bucket: Bucket }[] {
  const out: { bucket: Bucket }[] = [];
  for (const b of buckets) {
    const time = Math.floor(b.time / step) * step;
    const last = out[out.length - 1]?.bucket;
    if (last && last.time === time) {
      last.high = Math.max(last.high, b.high);
      last.low = Math.min(last.low, b.low);
      last.close = b.close;
      last.lastAt = b.lastAt;
      last.volume += b.volume;
    } else out.push({ bucket: { ...b, time } });
  }
  return out;
}
