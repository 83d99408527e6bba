import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FILL_PER_TICK, PNL_REFRESH_MS, PNL_TICK_MS, type PollState, planTick, steadyCreditsPerMinute, TICK_MS } from "./poll-plan";

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

describe("tracker REST plan", () => {
  it("reads every new wallet first, FILL_PER_TICK a tick, trades before PnL", () => {
    const p = planTick(fresh(10), 0, null);
    expect(p.trades).toEqual(["w0", "w1", "w2", "w3"]);
    expect(p.pnl).toEqual([]);
    const some = fresh(2);
    expect(planTick(some, 0, null)).toEqual({ trades: ["w0", "w1"], pnl: ["w0", "w1"], pnlSteady: false });
  });

  it("reads a wallet's trades from REST once: later trades come from the gateway", () => {
    const ws: PollState[] = [
      { key: "a", tradesAt: 10_000, pnlAt: 1, tradesBusy: false, pnlBusy: false },
      { key: "b", tradesAt: null, pnlAt: 1, tradesBusy: true, pnlBusy: false },
    ];
    expect(planTick(ws, 10 * 60_000, 14_000).trades).toEqual([]);
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
        // the first minutes also pay the one-off fill (first trades page and PnL of each wallet)
        const fillMinutes = Math.ceil((2 * n) / FILL_PER_TICK / 60) + 1;
        for (const spent of c.perMinute.slice(fillMinutes)) expect(spent).toBeLessThanOrEqual(steadyCreditsPerMinute(n));
        expect(c.perMinute.reduce((a, x) => a + x, 0)).toBeLessThanOrEqual(2 * n + 12 * steadyCreditsPerMinute(n));
        // every wallet's trades read from REST exactly once
        expect(c.trades.size).toBe(n);
        for (const times of c.trades.values()) expect(times).toHaveLength(1);
      }),
      { numRuns: 25 },
    );
  });

  it("states the figures the README gives", () => {
    expect(steadyCreditsPerMinute(0)).toBe(0);
    expect(steadyCreditsPerMinute(1)).toBe(1);
    expect(steadyCreditsPerMinute(5)).toBe(5);
    expect(steadyCreditsPerMinute(100)).toBe(12);
    expect(FILL_PER_TICK).toBe(4);
  });
});
