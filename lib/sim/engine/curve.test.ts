import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyCpmm,
  applyCurveBuy,
  applyCurveSell,
  CURVE_VIRTUAL_TOKENS,
  cpmmBuy,
  cpmmPrice,
  cpmmSell,
  curveBuy,
  curvePrice,
  curveProgressPct,
  curveSell,
} from "./curve";

const curve = () => ({ vNative: 30, vToken: CURVE_VIRTUAL_TOKENS, realNative: 0, thresholdNative: 85 });

describe("bonding curve", () => {
  it("raises the price on buys, lowers it on sells, and a round trip loses the fees", () => {
    fc.assert(
      fc.property(fc.double({ min: 0.001, max: 50, noNaN: true }), (nativeIn) => {
        const c = curve();
        const p0 = curvePrice(c);
        const b = curveBuy(c, nativeIn, 100);
        applyCurveBuy(c, b);
        expect(curvePrice(c)).toBeGreaterThan(p0);
        const s = curveSell(c, b.amountToken, 100);
        applyCurveSell(c, s);
        expect(s.amountNative - s.feeNative).toBeLessThan(nativeIn);
        expect(curvePrice(c)).toBeCloseTo(p0, 12);
      }),
    );
  });

  it("clips the buy that completes the curve at the threshold", () => {
    const c = curve();
    const q = curveBuy(c, 1000, 100);
    expect(q.completes).toBe(true);
    applyCurveBuy(c, q);
    expect(c.realNative).toBeCloseTo(85, 9);
    expect(curveProgressPct(c)).toBe(100);
    expect(q.amountNative).toBeLessThan(1000);
  });
});

describe("constant-product pool", () => {
  it("keeps k non-decreasing (fees stay in the pool)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ buy: fc.boolean(), amt: fc.double({ min: 1e-6, max: 10, noNaN: true }) }), {
          maxLength: 40,
        }),
        (ops) => {
          const p = { reserveNative: 100, reserveToken: 1e6 };
          let k = p.reserveNative * p.reserveToken;
          for (const op of ops) {
            const q = op.buy ? cpmmBuy(p, op.amt, 30) : cpmmSell(p, op.amt * cpmmPrice(p) ** -1 * 0.01, 30);
            applyCpmm(p, q, op.buy);
            const k2 = p.reserveNative * p.reserveToken;
            expect(k2).toBeGreaterThanOrEqual(k * (1 - 1e-12));
            k = k2;
          }
        },
      ),
    );
  });
});
