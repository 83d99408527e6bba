import type { OhlcvInterval, Quote } from "@/lib/api";
import { sourceStep } from "./buckets";
import { type CandlePage, type CandleSource, queryCandles } from "./candle-query";
import type { MarketIndex } from "./market-index";
import { type IndexedPool, type IndexedToken, ready } from "./state";
import { legsOf } from "./swaps";

// Candles of a token over some of its pools, as REST /v1/token/ohlcv and the stream's forming candle see them.

export function ohlcvView(
  ix: MarketIndex,
  t: IndexedToken,
  pools: readonly IndexedPool[],
  interval: OhlcvInterval,
  quote: Quote,
  opts: { endTime?: number; limit: number },
): CandlePage {
  const step = sourceStep(interval);
  const set = new Set(pools);
  const sources: CandleSource[] = pools.map(ready).map((p) => ({
    series: step === 1 ? p.s1 : step === 60 ? p.m1 : p.h1,
    pending: pendingFor(t, p, set),
  }));
  const convert = quote === "usd" ? (sec: number) => ix.nativeUsdAt(t.chain, sec * 1000) : undefined;
  return queryCandles(sources, interval, { ...opts, convert });
}

/** §4.5: on Base the forming candle includes preconfirmed swaps. */
function pendingFor(t: IndexedToken, p: IndexedPool, set: Set<IndexedPool>) {
  if (t.pending.length === 0) return undefined;
  const out: { at: number; price: number; volume: number }[] = [];
  for (const r of t.pending)
    for (const leg of legsOf(r) ?? [])
      if (leg.pool === p && set.has(p)) out.push({ at: r.at, price: leg.price, volume: leg.volume });
  return out;
}
