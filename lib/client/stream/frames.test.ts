import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  authedFrameSchema,
  errorFrameSchema,
  modeFrameSchema,
  ohlcvEventSchema,
  pongFrameSchema,
  pulseEventSchema,
  resyncFrameSchema,
  subscribedFrameSchema,
  tokenUpdateEventSchema,
  tradesEventSchema,
  unsubscribedFrameSchema,
} from "@/lib/api";
import { parseServerFrame } from "./frames";

// The browser's light guards against the schemas the gateway builds frames from: on valid frames and on every
// single-field corruption of them, the guard accepts exactly what the schema accepts.

const trade = {
  at: 1_700_000_000_000, maker: "0xabc", isBuy: true, amountToken: 10, amountQuote: 0.5, priceNative: 0.05,
  volumeNative: 0.5, volumeUsd: 1500, isProTrader: false, isSniper: false, preconfirmed: true, txHash: "0x1", block: 7,
  logIndex: 2, traderTxCounts: { buys: 1, sells: 0 },
};
const update = {
  chain: "evm:8453", address: "0xabc", priceUsd: 1, priceNative: null, marketCapUsd: 10, liquidityUsd: null,
  bondingProgress: 0.4, migrated: false, graduatedAt: null, volume24hUsd: 5, priceChange1hPct: null,
  priceChange24hPct: 2, txns24h: 3, buys24h: 2, sells24h: 1, updatedAt: 1_700_000_000_000,
};
const pulseToken = {
  chain: "solana", address: "So1", name: "A", symbol: "A", nameRank: 1, totalSupply: "1000", priceNative: "0.1",
  priceUsd: 1, marketCapUsd: 2, liquidityNative: "3", liquidityUsd: 4, bondingProgress: 0.5, migrated: false,
  createdAt: 1, graduatedAt: null, ageSeconds: 5, txns: 3, buys: 2, sells: 1, volumeUsd: 9, feesUsd: 0.1,
  pool: { address: "P", type: "curve", factory: "F", quoteAddress: "Q", quoteSymbol: "SOL" },
  metadata: { iconUrl: null, websiteUrl: "https://x.example", twitterUrl: null, telegramUrl: null, dexPaid: false },
  creator: { address: "C", displayName: null, avatarUrl: null, ensName: null },
};
const ev = (channel: string, kind: string, data: unknown, meta: object = {}) => ({
  type: "event", id: "s1", channel, kind, data, meta: { asOf: 5, ...meta },
});

const cases: [string, object, z.ZodType][] = [
  ["trades", ev("trades", "trades", [trade]), tradesEventSchema],
  ["revert", ev("trades", "revert", [{ txHash: "0x1", block: 7, logIndex: 2 }]), tradesEventSchema],
  ["candle", ev("ohlcv", "candle", [{ time: 60, open: 1, high: 2, low: 0.5, close: 1.5, volume: 9 }], { interval: "1m", quote: "native" }), ohlcvEventSchema],
  ["token update", ev("token-updates", "update", update), tokenUpdateEventSchema],
  ["pulse snapshot", ev("pulse", "snapshot", [pulseToken], { view: "new" }), pulseEventSchema],
  ["pulse enter", ev("pulse", "enter", pulseToken, { view: "bonding" }), pulseEventSchema],
  ["pulse leave", ev("pulse", "leave", { chain: "solana", address: "So1" }, { view: "graduated" }), pulseEventSchema],
  ["authed", { type: "authed", limits: { connections: 5, subscriptionsPerConnection: 20, trackedTokens: 50 } }, authedFrameSchema],
  ["subscribed", { type: "subscribed", id: "s1", channel: "pulse", params: {}, mode: "poll", delayMs: 2000 }, subscribedFrameSchema],
  ["unsubscribed", { type: "unsubscribed", id: "s1" }, unsubscribedFrameSchema],
  ["error", { type: "error", id: "s1", code: "limit_tracked", message: "m", limit: 50 }, errorFrameSchema],
  ["pong", { type: "pong", t: 5 }, pongFrameSchema],
  ["resync", { type: "resync", ids: ["s1"], reason: "upstream" }, resyncFrameSchema],
  ["mode", { type: "mode", ids: ["s1"], mode: "stream" }, modeFrameSchema],
];

/** Every copy of `x` with one value (at any depth) removed, nulled or replaced by a value of another type. */
function corruptions(x: unknown): unknown[] {
  if (Array.isArray(x)) return x.flatMap((v, i) => corruptions(v).map((c) => x.map((w, j) => (j === i ? c : w))));
  if (typeof x !== "object" || x === null) return [];
  const out: unknown[] = [];
  for (const [k, v] of Object.entries(x)) {
    const { [k]: _, ...rest } = x as Record<string, unknown>;
    out.push(rest);
    for (const bad of [null, "x", 1.5, -1, true, [], {}]) if (bad !== v) out.push({ ...x, [k]: bad });
    for (const c of corruptions(v)) out.push({ ...x, [k]: c });
  }
  return out;
}

describe("parseServerFrame", () => {
  it.each(cases)("accepts a valid %s frame as sent", (_, frame) => {
    expect(parseServerFrame(JSON.stringify(frame))).toEqual({ ok: true, frame });
  });

  it.each(cases)("agrees with the schema on every one-field corruption of a %s frame", (_, frame, schema) => {
    for (const bad of corruptions(frame)) {
      const text = JSON.stringify(bad);
      // A `type` or `channel` corrupted into another frame's is judged by that frame's schema: skip it here.
      const { type, channel } = bad as { type?: unknown; channel?: unknown };
      if (type !== (frame as { type: string }).type || channel !== (frame as { channel?: string }).channel) {
        expect(parseServerFrame(text).ok, text).toBe(false);
        continue;
      }
      expect(parseServerFrame(text).ok, text).toBe(schema.safeParse(bad).success);
    }
  });

  it("refuses what is not a frame", () => {
    expect(parseServerFrame(new ArrayBuffer(2))).toEqual({ ok: false, reason: "binary frame" });
    expect(parseServerFrame("{")).toEqual({ ok: false, reason: "not JSON" });
    expect(parseServerFrame("[]").ok).toBe(false);
    expect(parseServerFrame('{"type":"hello"}')).toEqual({ ok: false, reason: "unknown frame type hello" });
    expect(parseServerFrame('{"type":"event","channel":"__proto__"}').ok).toBe(false);
  });
});
