import { describe, expect, it } from "vitest";
import { endpoints } from "./endpoints";
import { PRECONFIRM_TTL_MS } from "./stream";

const immutable = endpoints.ohlcv.cache.immutable as NonNullable<typeof endpoints.ohlcv.cache.immutable>;
const candles = (n: number) => ({ data: Array.from({ length: n }, (_, i) => ({ time: i * 60 })), meta: {} });
const input = (endTime: number | undefined, limit = 2) => ({
  query: { interval: "1m", limit, endTime },
  body: undefined,
});

describe("candle page immutability (§4.5)", () => {
  const end = 1_700_000_000; // seconds; its 1m bucket closes at end + 60
  const closed = (end + 60) * 1000;

  it("holds only once the newest bucket has been closed for the preconfirmation TTL", () => {
    expect(immutable(input(end), closed + PRECONFIRM_TTL_MS - 1, candles(2))).toBe(false);
    expect(immutable(input(end), closed + PRECONFIRM_TTL_MS, candles(2))).toBe(true);
  });

  it("holds only for a full page", () => {
    const later = closed + 10 * PRECONFIRM_TTL_MS;
    expect(immutable(input(end, 3), later, candles(2))).toBe(false);
    expect(immutable(input(end, 2), later, candles(2))).toBe(true);
    expect(immutable(input(end, 2), later, { data: null })).toBe(false);
  });

  it("never holds for the forming page (no endTime)", () => {
    expect(immutable(input(undefined), Number.MAX_SAFE_INTEGER, candles(2))).toBe(false);
  });
});
