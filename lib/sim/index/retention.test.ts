import { describe, expect, it } from "vitest";
import { SimCore } from "../core";
import { createClock } from "../engine/clock";

// Memory bounds hold after a long accelerated run (small caps so the test is quick).

const START = Date.UTC(2026, 5, 1, 12);
const CAPS = {
  tapePerToken: 200,
  tapeTotal: 4_000,
  secondsPerPool: 120,
  minutesPerPool: 90,
  hoursPerPool: 48,
  wallets: 1_500,
  tradesPerWallet: 40,
  walletTradesTotal: 6_000,
  positionsPerWallet: 20,
  positionsTotal: 3_000,
  makersPerToken: 300,
  fundings: 4_000,
};

describe("retention", () => {
  it("keeps every store within its cap over hours of market time", { timeout: 60_000 }, () => {
    const clock = createClock({ virtual: true, start: START });
    const core = new SimCore({
      seed: 3,
      clock,
      warmupMs: 0,
      launchRate: 1,
      activityScale: 0.2,
      indexCaps: CAPS,
      marketCaps: { maxLaunchTokens: 150, ordinaryPerChain: 300 },
    });
    const ix = core.index;
    const check = () => {
      const launch = [...ix.tokens.values()].filter((t) => t.factory);
      // The engine retires down to 95 % of the cap each minute; launches in between may exceed it briefly.
      expect(launch.length).toBeLessThanOrEqual(150 + 70);
      expect(core.market.ctx.launches.length).toBeLessThanOrEqual(150 + 70);
      for (const t of ix.tokens.values()) {
        expect(t.tape.size).toBeLessThanOrEqual(CAPS.tapePerToken);
        expect(t.tape.records.length).toBeLessThanOrEqual(CAPS.tapePerToken + 64);
        expect(t.makers.size).toBeLessThanOrEqual(CAPS.makersPerToken);
        for (const p of t.pools) {
          expect(p.s1.len).toBeLessThanOrEqual(CAPS.secondsPerPool);
          expect(p.m1.len).toBeLessThanOrEqual(CAPS.minutesPerPool);
          expect(p.h1.len).toBeLessThanOrEqual(CAPS.hoursPerPool);
        }
      }
      expect(ix.tapeRecords()).toBeLessThanOrEqual(CAPS.tapeTotal + 200 * 3);
      expect(ix.wallets.size).toBeLessThanOrEqual(CAPS.wallets);
      // Trimmed every 30 s of market time: what arrives in between may exceed the budget briefly.
      expect(ix.wallets.tradeCount).toBeLessThanOrEqual(CAPS.walletTradesTotal + 600);
      expect(ix.wallets.positionCount).toBeLessThanOrEqual(CAPS.positionsTotal + 600);
      expect(ix.wallets.fundingCount).toBeLessThanOrEqual(CAPS.fundings);
      expect(ix.pendingTxCount()).toBeLessThan(500);
      expect(core.market.ctx.scheduler.size).toBeLessThan(5_000);
    };
    for (let q = 0; q < 4; q++) {
      clock.advance(15 * 60_000);
      check();
    }
    expect(ix.tradesIndexed).toBeGreaterThan(CAPS.tapeTotal * 5);
    expect(core.market.eventCount).toBeGreaterThan(50_000);
  });
});
