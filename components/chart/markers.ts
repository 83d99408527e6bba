import type { OhlcvInterval, TokenTrade } from "@/lib/api/core";
import { DOWN, UP } from "./bars";
import { bucketStart } from "@/lib/api/candle-buckets";

// `?maker=<wallet>`: the wallet's buys and sells drawn on the candles, one marker per candle and side.

export const MAX_MARKERS = 400;

export interface TradeMarker {
  time: number;
  position: "belowBar" | "aboveBar";
  shape: "arrowUp" | "arrowDown";
  color: string;
  text: string;
  id: string;
}

export function makerMarkers(
  trades: readonly Pick<TokenTrade, "at" | "isBuy" | "volumeUsd">[],
  interval: OhlcvInterval,
  opts: { oldestBarTime?: number } = {},
): TradeMarker[] {
  const groups = new Map<string, { time: number; isBuy: boolean; count: number; usd: number }>();
  for (const t of trades) {
    const time = bucketStart(interval, Math.floor(t.at / 1000));
    if (opts.oldestBarTime !== undefined && time < opts.oldestBarTime) continue;
    const key = `${time}:${t.isBuy ? "b" : "s"}`;
    const g = groups.get(key);
    if (g) {
      g.count += 1;
      g.usd += t.volumeUsd;
    } else groups.set(key, { time, isBuy: t.isBuy, count: 1, usd: t.volumeUsd });
  }
  const out = [...groups.values()]
    .sort((a, b) => a.time - b.time || Number(b.isBuy) - Number(a.isBuy))
    .slice(-MAX_MARKERS)
    .map((g) => ({
      time: g.time,
      position: g.isBuy ? ("belowBar" as const) : ("aboveBar" as const),
      shape: g.isBuy ? ("arrowUp" as const) : ("arrowDown" as const),
      color: g.isBuy ? UP : DOWN,
      text: `${g.isBuy ? "B" : "S"}${g.count > 1 ? `×${g.count}` : ""}`,
      id: `${g.time}:${g.isBuy ? "b" : "s"}`,
    }));
  return out;
}
