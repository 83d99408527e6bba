import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SimCore } from "../core";
import { createClock } from "../engine/clock";
import { clampPrice } from "./candle-query";
import { ohlcvView } from "./ohlcv-view";
import { tokenLiquidityNative } from "./state";
import { MIN_BAND, newWickVol, observe, type WickVol, wickBand } from "./wick-band";

// §4.5 wick-outlier clamping sized by the token's recent volatility: a thin-pool fat-finger on a calm deep token
// cannot draw a wick, while the real moves of a young launch (50 %+ in a minute) still draw.

const T0 = Date.UTC(2026, 5, 1, 12);

/** Feeds a deep-pool price path (time order) into a fresh tracker; returns it and the last price. */
function track(launch: boolean, path: { dt: number; move: number }[], start = 1): { w: WickVol; price: number } {
  const w = newWickVol(launch);
  let at = T0;
  let price = start;
  observe(w, at, price);
  for (const s of path) {
    at += s.dt;
    price *= 1 + s.move;
    observe(w, at, price);
  }
  return { w, price };
}

const fatFinger = fc.oneof(
  fc.double({ min: 1.3, max: 6, noNaN: true }),
  fc.double({ min: 1 / 6, max: 1 / 1.3, noNaN: true }),
);

describe("wick band", () => {
  it("keeps a fat-finger print on a calm deep token within about 1 % of the deep pool's price", () => {
    fc.assert(
      fc.property(
        // 30–90 minutes of a deep token: a trade every 3–60 s moving the deep pool by at most ±0.05 %
        fc.array(
          fc.record({
            dt: fc.integer({ min: 3_000, max: 60_000 }),
            move: fc.double({ min: -5e-4, max: 5e-4, noNaN: true }),
          }),
          {
            minLength: 60,
            maxLength: 400,
          },
        ),
        fatFinger,
        (path, ratio) => {
          const { w, price } = track(false, path);
          const band = wickBand(w);
          // At most 20 trades a minute of ±0.05 % each: the deep pool's minute range stays ≤ ~1 %.
          expect(band).toBeLessThanOrEqual(0.011);
          // The thin pool's print moves nothing in the deep pool: before = after = price.
          const drawn = clampPrice(price * ratio, price, price, band) / price;
          expect(drawn).toBeLessThanOrEqual(1 + 0.011);
          expect(drawn).toBeGreaterThanOrEqual(1 / (1 + 0.011));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("lets a young launch's real moves draw: the deep pool's own move, and prints within its recent range", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1.5, max: 4, noNaN: true }), // the launch's move within the last minute
        fc.boolean(), // up or down
        fc.integer({ min: 2, max: 30 }), // trades making the move
        fc.double({ min: 0, max: 1, noNaN: true }), // where inside the move a print lands
        fc.double({ min: 1 / 1.5, max: 1.5, noNaN: true }), // an off-pool print relative to the deep price
        (move, up, steps, at, off) => {
          const factor = up ? move : 1 / move;
          const per = factor ** (1 / steps) - 1;
          const path = Array.from({ length: steps }, () => ({ dt: 50_000 / steps, move: per }));
          const { w, price } = track(true, path);
          const band = wickBand(w);
          expect(band).toBeGreaterThanOrEqual(0.5);
          // A trade in the deep pool itself lies between its before and after prices: never clamped.
          const before = price / (1 + per);
          const inside = Math.min(before, price) + Math.abs(price - before) * at;
          expect(clampPrice(inside, before, price, band)).toBe(inside);
          // A print in another pool within ×1.5 of the deep price draws as it is.
          expect(clampPrice(price * off, price, price, band)).toBe(price * off);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("gives a fresh launch the full band and narrows it once the token calms down", () => {
    const fresh = newWickVol(true);
    expect(wickBand(fresh)).toBe(1);
    const { w } = track(
      true,
      Array.from({ length: 120 }, () => ({ dt: 30_000, move: 1e-4 })),
    );
    expect(wickBand(w)).toBe(MIN_BAND);
  });

  it("draws no fat-finger wick on the deep established tokens of a running market; launches still move", {
    timeout: 60_000,
  }, () => {
    const clock = createClock({ virtual: true, start: T0 });
    const core = new SimCore({ seed: 7, clock, warmupMs: 45 * 60_000 });
    const ix = core.index;
    const usd = (t: Parameters<typeof tokenLiquidityNative>[0]) => tokenLiquidityNative(t) * ix.nativeUsd(t.chain);
    const tokens = [...ix.tokens.values()];
    const deep = tokens.filter((t) => !t.factory && t.pools.length > 1 && usd(t) > 5e6);
    expect(deep.length).toBeGreaterThan(5);
    for (const t of deep) {
      for (const c of ohlcvView(ix, t, t.pools, "1m", "native", { limit: 45 }).candles) {
        // ±25 % before; now at most the deep pool's own minute excursion plus ~1 %.
        expect(c.high / Math.max(c.open, c.close), `${t.symbol} ${c.time}`).toBeLessThan(1.05);
        expect(Math.min(c.open, c.close) / c.low, `${t.symbol} ${c.time}`).toBeLessThan(1.05);
      }
    }
    let big = 0;
    for (const t of tokens.filter((x) => x.factory && x.txns > 20))
      for (const c of ohlcvView(ix, t, t.pools, "1m", "native", { limit: 45 }).candles)
        if (c.high / c.low >= 1.5) big++;
    expect(big).toBeGreaterThan(20);
  });
});
