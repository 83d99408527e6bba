import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { TokenTrade } from "@/lib/api";
import { MAX_MARKERS, makerMarkers } from "./markers";

const trade = (at: number, isBuy: boolean, i = 0): TokenTrade => ({
  at,
  maker: "0x1111111111111111111111111111111111111111",
  isBuy,
  amountToken: 1,
  amountQuote: 1,
  priceNative: 1,
  volumeNative: 1,
  volumeUsd: 10,
  isProTrader: false,
  isSniper: false,
  preconfirmed: false,
  txHash: `0x${i.toString(16).padStart(64, "0")}`,
  block: i,
  logIndex: 0,
});

describe("maker markers", () => {
  it("groups a wallet's trades per candle and side", () => {
    const m = makerMarkers(
      [trade(61_000, true, 1), trade(62_000, true, 2), trade(65_000, false, 3), trade(130_000, false, 4)],
      "1m",
    );
    expect(m.map((x) => [x.time, x.text, x.position])).toEqual([
      [60, "B×2", "belowBar"],
      [60, "S", "aboveBar"],
      [120, "S", "aboveBar"],
    ]);
  });

  it("drops markers older than the loaded history", () => {
    expect(makerMarkers([trade(61_000, true), trade(300_000, false)], "1m", { oldestBarTime: 120 })).toHaveLength(1);
  });

  it("is ascending in time and bounded", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 10_000_000 }), fc.boolean()), { maxLength: 1500 }),
        (rows) => {
          const m = makerMarkers(
            rows.map(([at, b], i) => trade(at, b, i)),
            "1s",
          );
          expect(m.length).toBeLessThanOrEqual(MAX_MARKERS);
          for (let i = 1; i < m.length; i++) expect(m[i].time).toBeGreaterThanOrEqual(m[i - 1].time);
        },
      ),
    );
  });
});
