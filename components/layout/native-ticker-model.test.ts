import { describe, expect, it } from "vitest";
import type { NativePrice } from "@/lib/api";
import { TICKER_STALE_AFTER_MS, tickerItems } from "./native-ticker-model";

const NOW = 1_700_000_000_000;
const p = (symbol: string, over: Partial<NativePrice> = {}): NativePrice => ({
  symbol,
  priceUsd: 10,
  source: "live",
  stale: false,
  updatedAt: NOW,
  ...over,
});

describe("tickerItems", () => {
  it("orders SOL, ETH, BNB first and shows each symbol once", () => {
    const items = tickerItems(
      { "evm:8453": p("ETH"), "evm:56": p("BNB"), "evm:1": p("ETH"), solana: p("SOL"), "evm:137": p("POL") },
      NOW,
    );
    expect(items.map((i) => `${i.symbol}@${i.chain}`)).toEqual([
      "SOL@solana",
      "ETH@evm:1",
      "BNB@evm:56",
      "POL@evm:137",
    ]);
  });

  it("marks stale from the flag, a degraded answer or age", () => {
    const items = tickerItems(
      {
        solana: p("SOL", { stale: true }),
        "evm:1": p("ETH", { updatedAt: NOW - TICKER_STALE_AFTER_MS - 1 }),
        "evm:56": p("BNB"),
      },
      NOW,
    );
    expect(items.map((i) => i.stale)).toEqual([true, true, false]);
    expect(tickerItems({ "evm:56": p("BNB") }, NOW, true)[0].stale).toBe(true);
  });

  it("is bounded and skips broken entries", () => {
    const data = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`evm:${i + 2000}`, p(`C${i}`)]));
    expect(tickerItems(data, NOW, false, 4)).toHaveLength(4);
    expect(tickerItems({ solana: p("SOL", { priceUsd: Number.NaN }) }, NOW)).toEqual([]);
    expect(tickerItems(undefined, NOW)).toEqual([]);
  });
});
