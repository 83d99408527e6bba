import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyFill, DAY_MS, newPosition, type PnlDay, recordPnl, summarizePnl, valuePosition } from "./positions";

// Average-cost positions and realized PnL against hand-computed fixtures (§2.7, §2.8).

const D0 = Date.UTC(2026, 5, 1);
const fill = (isBuy: boolean, amountToken: number, volumeNative: number, volumeUsd: number, at = D0) => ({
  isBuy,
  amountToken,
  volumeNative,
  volumeUsd,
  at,
});

describe("positions by average cost", () => {
  it("matches a hand-computed sequence", () => {
    const p = newPosition("solana", "T", "T", "Tok", D0);
    // buy 100 @ 1 native ($100 at 100/native... usd given directly), buy 100 @ 2
    applyFill(p, fill(true, 100, 100, 10_000));
    applyFill(p, fill(true, 100, 200, 20_000));
    expect(p.amount).toBe(200);
    expect(p.avgNative).toBe(1.5);
    expect(p.avgUsd).toBe(150);
    // sell 50 @ 3: realized = 150 - 75 = 75 native; usd 15000 - 7500 = 7500
    const r1 = applyFill(p, fill(false, 50, 150, 15_000));
    expect(r1).toEqual({ native: 75, usd: 7500 });
    expect(p.amount).toBe(150);
    expect(p.costNative).toBe(225);
    // unrealized at 2.5 native and $100/native: 150 * 2.5 - 225 = 150 native
    const spot = valuePosition(p, 2.5, 100, "spot");
    expect(spot.unrealizedPnlUsd).toBeCloseTo(15_000, 9);
    expect(spot.realizedPnlUsd).toBeCloseTo(7_500, 9);
    expect(spot.entryPriceUsd).toBeCloseTo(150, 9);
    expect(spot.amountUsd).toBeCloseTo(37_500, 9);
    // trade basis: usd cost 22500, value 150 * 2.5 * 100 = 37500 → 15000
    const trade = valuePosition(p, 2.5, 100, "trade");
    expect(trade.unrealizedPnlUsd).toBeCloseTo(15_000, 9);
    expect(trade.totalPnlUsd).toBeCloseTo(22_500, 9);
    // sell the rest @ 1: realized = 150 - 225 = -75 → total realized 0; amount exactly 0
    const r2 = applyFill(p, fill(false, 150, 150, 15_000));
    expect(r2).toEqual({ native: -75, usd: -7500 });
    expect(p.amount).toBe(0);
    expect(p.realizedNative).toBe(0);
    expect(p.buys).toBe(2);
    expect(p.sells).toBe(2);
    expect(valuePosition(p, 2.5, 100, "spot").unrealizedPnlUsd).toBe(0);
  });

  it("values EVM positions at the current native price (spot basis)", () => {
    const p = newPosition("evm:1", "T", "T", "Tok", D0);
    applyFill(p, fill(true, 10, 1, 3000)); // 1 ETH when ETH was $3000
    applyFill(p, fill(false, 5, 1, 3500)); // half for 1 ETH → realized 0.5 ETH
    const v = valuePosition(p, 0.2, 2000, "spot"); // ETH now $2000, price 0.2 ETH
    expect(v.realizedPnlUsd).toBeCloseTo(1000, 9);
    expect(v.unrealizedPnlUsd).toBeCloseTo((5 * 0.2 - 0.5) * 2000, 9);
    expect(v.currentPriceUsd).toBeCloseTo(400, 9);
  });

  it("never books profit on tokens it did not see bought", () => {
    const p = newPosition("solana", "T", "T", "Tok", D0);
    applyFill(p, fill(true, 10, 10, 10));
    const r = applyFill(p, fill(false, 20, 40, 40)); // 10 of the 20 came from elsewhere
    expect(r).toEqual({ native: 10, usd: 10 }); // half the proceeds (20) minus cost 10
    expect(p.amount).toBe(0);
    expect(applyFill(p, fill(false, 5, 5, 5))).toEqual({ native: 0, usd: 0 });
  });

  it("keeps amount non-negative and cost consistent for any fill sequence", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            isBuy: fc.boolean(),
            amt: fc.double({ min: 0.001, max: 1000, noNaN: true }),
            px: fc.double({ min: 0.001, max: 10, noNaN: true }),
          }),
          { maxLength: 60 },
        ),
        (fills) => {
          const p = newPosition("solana", "T", "T", "Tok", D0);
          let realized = 0;
          for (const f of fills) {
            const r = applyFill(p, fill(f.isBuy, f.amt, f.amt * f.px, f.amt * f.px));
            realized += r.native;
            expect(p.amount).toBeGreaterThanOrEqual(0);
            expect(p.costNative).toBeGreaterThanOrEqual(-1e-9);
            if (p.amount > 0) expect(p.costNative / p.amount).toBeCloseTo(p.avgNative, 6);
          }
          expect(p.realizedNative).toBeCloseTo(realized, 6);
        },
      ),
    );
  });
});

describe("PnL summary", () => {
  it("buckets realized PnL by day and counts wins and losses per token", () => {
    const days: PnlDay[] = [];
    recordPnl(days, D0 + 1000, "A", null, 10); // a buy
    recordPnl(days, D0 + 2000, "A", { native: 2, usd: 200 }, 10);
    recordPnl(days, D0 + DAY_MS + 5, "B", { native: -1, usd: -100 }, 10);
    recordPnl(days, D0 + DAY_MS + 6, "A", { native: -0.5, usd: -50 }, 10);
    recordPnl(days, D0 + 2 * DAY_MS, "C", { native: 1, usd: 100 }, 10);
    const all = summarizePnl([{ days, usdOf: (_n, u) => u }], 0);
    expect(all.history).toEqual([
      { at: D0, realizedPnlUsd: 200, trades: 2 },
      { at: D0 + DAY_MS, realizedPnlUsd: -150, trades: 2 },
      { at: D0 + 2 * DAY_MS, realizedPnlUsd: 100, trades: 1 },
    ]);
    // A: +150 win, B: -100 loss, C: +100 win → 2 wins, 1 loss, 66.67 %
    expect(all.summary).toMatchObject({ realizedPnlUsd: 150, trades: 5, wins: 2, losses: 1 });
    expect(all.summary.winRate).toBeCloseTo(66.6667, 3);
    const lastTwo = summarizePnl([{ days, usdOf: (n) => n * 10 }], D0 + DAY_MS);
    expect(lastTwo.summary).toMatchObject({ realizedPnlUsd: -5, trades: 3, wins: 1, losses: 2 });
    const none = summarizePnl([], 0);
    expect(none.summary).toEqual({ realizedPnlUsd: 0, winRate: 0, trades: 0, wins: 0, losses: 0 });
  });

  it("keeps at most maxDays buckets", () => {
    const days: PnlDay[] = [];
    for (let i = 0; i < 50; i++) recordPnl(days, D0 + i * DAY_MS, "A", { native: 1, usd: 1 }, 7);
    expect(days.length).toBe(7);
    expect(days[0]?.day).toBe(D0 + 43 * DAY_MS);
  });
});
