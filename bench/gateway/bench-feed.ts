import type { Candle, OhlcvInterval, Quote, TokenTrade } from "@/lib/api";
import { INTERVAL_SECONDS } from "@/lib/api";
import { TestFeed, type TradeInput } from "@/lib/sim/stream/testing/feed";

// The embedded service's hand-driven feed with O(1) forming candles (TestFeed rebuilds them from its whole tape),
// so the upstream's own cost stays small and the benchmark measures fan-out, not candle rebuilding.
export class BenchFeed extends TestFeed {
  private readonly forming = new Map<
    string,
    { row: TokenTrade; open: number; high: number; low: number; volume: number; bucketMs: number }
  >();

  override trade(chain: string, address: string, input: TradeInput = {}): TokenTrade {
    const row = super.trade(chain, address, input);
    const key = `${chain}:${address}`;
    const bucketMs = Math.floor(row.at / 60_000) * 60_000;
    const f = this.forming.get(key);
    const p = row.priceNative;
    if (!f || f.bucketMs !== bucketMs)
      this.forming.set(key, {
        row,
        open: f?.row.priceNative ?? p,
        high: p,
        low: p,
        volume: row.volumeNative,
        bucketMs,
      });
    else
      Object.assign(f, {
        row,
        high: Math.max(f.high, p),
        low: Math.min(f.low, p),
        volume: f.volume + row.volumeNative,
      });
    return row;
  }

  override formingCandles(
    chain: string,
    address: string,
    _pools: string[] | undefined,
    interval: OhlcvInterval,
    _quote: Quote,
  ): Candle[] {
    const f = this.forming.get(`${chain}:${address}`);
    if (!f) return [];
    const step = INTERVAL_SECONDS[interval];
    const time = Math.floor(f.row.at / 1000 / step) * step;
    return [{ time, open: f.open, high: f.high, low: f.low, close: f.row.priceNative, volume: f.volume }];
  }
}
