import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  FILL_PER_TICK,
  feedDelayMs,
  MIN_REFRESH_MS,
  PNL_REFRESH_MS,
  PNL_TICK_MS,
  type PollState,
  planTick,
  plannedCycleMs,
  steadyCreditsPerMinute,
  TICK_MS,
} from "./poll-plan";

const fresh = (n: number): PollState[] =>
  Array.from({ length: n }, (_, i) => ({
    key: `w${i}`,
    tradesAt: null,
    pnlAt: null,
    tradesBusy: false,
    pnlBusy: false,
  }));

/** Runs the plan for `ms` with instant answers; returns the calls made per wallet and in total. */
function simulate(n: number, ms: number) {
  const ws = fresh(n);
  let lastPnl: number | null = null;
  const calls = { trades: new Map<string, number[]>(), pnl: 0, total: 0, perMinute: [] as number[] };
  for (let now = 0; now < ms; now += TICK_MS) {
    const p = planTick(ws, now, lastPnl);
    if (p.pnlSteady) lastPnl = now;
    for (const k of p.trades) {
      const w = ws.find((x) => x.key === k) as PollState;
      w.tradesAt = now;
      calls.trades.set(k, [...(calls.trades.get(k) ?? []), now]);
    }
    for (const k of p.pnl) (ws.find((x) => x.key === k) as PollState).pnlAt = now;
    calls.pnl += p.pnl.length;
    const spent = p.trades.length + p.pnl.length;
    calls.total += spent;
    const minute = Math.floor(now / 60_000);
    calls.perMinute[minute] = (calls.perMinute[minute] ?? 0) + spent;
  }
  return calls;
}

describe("tracker polling plan", () => {
  it("reads every new wallet first, FILL_PER_TICK a tick, trades before PnL", () => {
    const p = planTick(fresh(10), 0, null);
    expect(p.trades).toEqual(["w0", "w1", "w2", "w3"]);
    expect(p.pnl).toEqual([]);
    const some = fresh(2);
    expect(planTick(some, 0, null)).toEqual({ trades: ["w0", "w1"], pnl: ["w0", "w1"], pnlSteady: false });
  });

  it("then reads the wallet read longest ago, one a tick, none within MIN_REFRESH_MS", () => {
    const ws: PollState[] = [
      { key: "a", tradesAt: 10_000, pnlAt: 1, tradesBusy: false, pnlBusy: false },
      { key: "b", tradesAt: 8_000, pnlAt: 1, tradesBusy: false, pnlBusy: false },
      { key: "c", tradesAt: 14_000, pnlAt: 1, tradesBusy: false, pnlBusy: false },
    ];
    expect(planTick(ws, 15_000, 14_000).trades).toEqual(["b"]);
    expect(planTick(ws, 12_000, 11_000).trades).toEqual([]);
    expect(
      planTick(
        ws.map((w) => ({ ...w, tradesBusy: w.key === "b" })),
        15_000,
        14_000,
      ).trades,
    ).toEqual(["a"]);
  });

  it("refreshes PnL one wallet per PNL_TICK_MS, when older than PNL_REFRESH_MS", () => {
    const ws: PollState[] = [
      { key: "a", tradesAt: 0, pnlAt: 0, tradesBusy: false, pnlBusy: false },
      { key: "b", tradesAt: 0, pnlAt: 1_000, tradesBusy: false, pnlBusy: false },
    ];
    expect(planTick(ws, PNL_REFRESH_MS - 1, null).pnl).toEqual([]);
    expect(planTick(ws, PNL_REFRESH_MS + 2_000, null)).toMatchObject({ pnl: ["a"], pnlSteady: true });
    expect(planTick(ws, PNL_REFRESH_MS + 2_000, PNL_REFRESH_MS + 2_000 - PNL_TICK_MS + 1).pnl).toEqual([]);
  });

  it("spends at most the stated credits a minute once filled, for any number of wallets (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), (n) => {
        const c = simulate(n, 12 * 60_000);
        // the first minute also pays the one-off fill (trades and PnL of each wallet)
        expect(c.perMinute[0]).toBeLessThanOrEqual(steadyCreditsPerMinute(n) + 2 * n);
        for (const spent of c.perMinute.slice(1)) expect(spent).toBeLessThanOrEqual(steadyCreditsPerMinute(n));
        // every wallet is read again within the planned cycle (plus one tick)
        for (const times of c.trades.values()) {
          const steady = times.filter((t) => t >= 60_000);
          for (let i = 1; i < steady.length; i++)
            expect((steady[i] as number) - (steady[i - 1] as number)).toBeLessThanOrEqual(plannedCycleMs(n) + TICK_MS);
        }
        expect(c.trades.size).toBe(n);
      }),
      { numRuns: 25 },
    );
  });

  it("states the figures the README gives", () => {
    expect(steadyCreditsPerMinute(0)).toBe(0);
    expect(steadyCreditsPerMinute(1)).toBe(13);
    expect(steadyCreditsPerMinute(5)).toBe(65);
    expect(steadyCreditsPerMinute(100)).toBe(72);
    expect(plannedCycleMs(1)).toBe(MIN_REFRESH_MS);
    expect(plannedCycleMs(100)).toBe(100_000);
    expect(FILL_PER_TICK).toBe(4);
  });

  it("states the delay as the longest gap between reads plus the age a cached answer may have, in whole seconds", () => {
    const cache = { method: "GET" as const, path: "/v1/wallet/trades", ttlMs: 5_000, swrMs: 5_000 };
    expect(feedDelayMs(1, [], cache)).toBe(10_000);
    expect(feedDelayMs(1, [5_100, 6_200], cache)).toBe(13_000);
    expect(feedDelayMs(8, [], cache)).toBe(16_000);
    // read less often than the cache keeps a copy: every read is a fresh answer
    expect(feedDelayMs(30, [5_000], cache)).toBe(30_000);
    // the README's table
    expect([1, 5, 20, 100].map((n) => [feedDelayMs(n, []), steadyCreditsPerMinute(n)])).toEqual([
      [10_000, 13],
      [10_000, 65],
      [20_000, 72],
      [100_000, 72],
    ]);
  });
});
