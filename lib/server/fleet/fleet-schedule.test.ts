import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_SCHEDULER_OPTIONS, EMPTY_SCHEDULER_STATE, schedule } from "../gateway/liveness/scheduler";
import { leaderBudget, mergeDemand, type ReportedDemand } from "./fleet-schedule";
import { streamShare } from "./stream-share";

const KEY = { connections: 5, subscriptionsPerConnection: 20, trackedTokens: 50, pulseReserve: 4 };
const trades = (token: number, viewers: number, lingering = false): ReportedDemand => ({
  key: `trades?${token}`,
  channel: "trades",
  tracked: [`t:${token}`],
  viewers,
  params: { chain: "base", address: `0x${token}` },
  ...(lingering ? { lingering } : {}),
});

describe("fleet demand", () => {
  it("sums each client address's viewers over instances: one address behind the balancer is one share fleet-wide", () => {
    const of = (token: number, by: Record<string, number>): ReportedDemand => ({ ...trades(token, Object.values(by).reduce((a, b) => a + b, 0)), by });
    // 30 tokens wanted only by one office address, spread over three instances, and one token of another address.
    const reports = [0, 1, 2].map((inst) => Array.from({ length: 10 }, (_, i) => of(inst * 10 + i, { office: 1 })));
    reports[0]?.push(of(99, { home: 1 }));
    reports[1]?.push(of(0, { office: 2 }));
    const m = mergeDemand(reports);
    expect(m.demand.find((d) => d.key === "trades?0")).toMatchObject({ viewers: 3, by: { office: 3 } });
    const d = schedule(EMPTY_SCHEDULER_STATE, m.demand, 0, { ...DEFAULT_SCHEDULER_OPTIONS, addressShare: 0.2, budget: KEY });
    const streamed = [...d.modes].filter(([, mode]) => mode === "stream").map(([k]) => k);
    expect(streamed.filter((k) => k !== "trades?99")).toHaveLength(10); // a fifth of the 50 tracked tokens
    expect(d.modes.get("trades?99")).toBe("stream");
  });

  it("sums viewers of the same resource over instances, and keeps lingering ones only where nobody watches", () => {
    const m = mergeDemand([
      [trades(1, 2), trades(2, 1), trades(3, 0, true)],
      [trades(1, 3), trades(2, 0, true), trades(4, 0, true)],
    ]);
    expect(m.demand.map((d) => [d.key, d.viewers])).toEqual([
      ["trades?1", 5],
      ["trades?2", 1],
    ]);
    expect(m.lingering).toEqual(["trades?3", "trades?4"]);
    expect(m.params.get("trades?4")).toEqual({ channel: "trades", params: { chain: "base", address: "0x4" } });
  });

  it("pools the key's slots: one instance's 40 tokens are all streamed, beyond its 1/3 share", () => {
    const one = Array.from({ length: 40 }, (_, i) => trades(i, 1));
    const d = schedule(EMPTY_SCHEDULER_STATE, mergeDemand([one, [], []]).demand, 0, {
      ...DEFAULT_SCHEDULER_OPTIONS,
      budget: leaderBudget(KEY, 3, 3),
    });
    expect([...d.modes.values()].filter((m) => m === "stream").length).toBe(40);
    expect(streamShare(KEY, 3).trackedTokens).toBe(16);
  });

  it("keeps the share of an expected instance that is not reporting out of the budget", () => {
    expect(leaderBudget(KEY, 3, 3)).toEqual(KEY);
    expect(leaderBudget(KEY, 3, 2)).toEqual({ ...KEY, connections: 4, trackedTokens: 34 });
    expect(leaderBudget(KEY, 3, 0)).toEqual({ ...KEY, connections: 2, trackedTokens: 2 });
    expect(leaderBudget(KEY, 2, 5)).toEqual(KEY);
  });
});

describe("fleet budget properties", () => {
  const arbKey = fc.record({
    connections: fc.integer({ min: 0, max: 10 }),
    subscriptionsPerConnection: fc.integer({ min: 0, max: 40 }),
    trackedTokens: fc.integer({ min: 0, max: 200 }),
    pulseReserve: fc.integer({ min: 0, max: 8 }),
  });

  it("the leader's budget plus the shares of the missing instances never pass the key's limits", () => {
    fc.assert(
      fc.property(
        arbKey,
        fc.integer({ min: 1, max: 64 }),
        fc.integer({ min: 0, max: 80 }),
        (key, expected, reporting) => {
          const b = leaderBudget(key, expected, reporting);
          const share = streamShare(key, expected);
          const missing = Math.max(0, expected - reporting);
          expect(b.connections + missing * share.connections).toBeLessThanOrEqual(key.connections);
          expect(b.trackedTokens + missing * share.trackedTokens).toBeLessThanOrEqual(key.trackedTokens);
          expect(b.subscriptionsPerConnection).toBe(key.subscriptionsPerConnection);
          expect(b.pulseReserve).toBeLessThanOrEqual(b.connections * b.subscriptionsPerConnection);
          // Never less than the instances that report would get on their own shares.
          const reportingShares = Math.min(expected, reporting);
          expect(b.connections).toBeGreaterThanOrEqual(reportingShares * share.connections);
          expect(b.trackedTokens).toBeGreaterThanOrEqual(reportingShares * share.trackedTokens);
        },
      ),
    );
  });

  it("a merged demand's viewers are the sum of the instances' and every demanded resource appears once", () => {
    const arbReport = fc.array(
      fc.record({
        token: fc.integer({ min: 0, max: 30 }),
        viewers: fc.integer({ min: 0, max: 5 }),
        lingering: fc.boolean(),
      }),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(fc.array(arbReport, { maxLength: 5 }), (raw) => {
        // One row per resource within an instance, as an instance reports.
        const reports = raw.map((rows) => [
          ...new Map(rows.map((r) => [r.token, trades(r.token, r.viewers, r.lingering)])).values(),
        ]);
        const m = mergeDemand(reports);
        const want = new Map<string, number>();
        for (const rep of reports)
          for (const r of rep) if (r.viewers > 0) want.set(r.key, (want.get(r.key) ?? 0) + r.viewers);
        expect(new Map(m.demand.map((d) => [d.key, d.viewers]))).toEqual(want);
        expect(m.demand.length).toBe(want.size);
        for (const k of m.lingering) expect(want.has(k)).toBe(false);
      }),
    );
  });
});
