import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { adopt, DEFAULT_SCHEDULER_OPTIONS, EMPTY_SCHEDULER_STATE, type ResourceDemand, type SchedulerOptions, type SchedulerState, schedule } from "./scheduler";

const opts = (budget: Partial<SchedulerOptions["budget"]> = {}, rest: Partial<SchedulerOptions> = {}): SchedulerOptions => ({
  ...DEFAULT_SCHEDULER_OPTIONS,
  budget: { connections: 5, subscriptionsPerConnection: 20, trackedTokens: 50, pulseReserve: 4, ...budget },
  ...rest,
});
const trades = (token: string, viewers: number): ResourceDemand => ({ key: `trades?${token}`, channel: "trades", tracked: [`t:${token}`], viewers });
const candles = (token: string, viewers: number): ResourceDemand => ({ key: `ohlcv?${token}`, channel: "ohlcv", tracked: [`t:${token}`], viewers });
const pulse = (view: string, viewers: number): ResourceDemand => ({ key: `pulse?${view}`, channel: "pulse", tracked: [], viewers });
const wallet = (w: string, viewers: number): ResourceDemand => ({ key: `wallet-trades?${w}`, channel: "wallet-trades", tracked: [], viewers });
const streamed = (modes: Map<string, string>) => [...modes].filter(([, m]) => m === "stream").map(([k]) => k).sort();

describe("liveness scheduler", () => {
  it("never streams a poll-only channel, however wanted and however free the budget, and it takes no slot", () => {
    const d = schedule(EMPTY_SCHEDULER_STATE, [wallet("w1", 1_000), trades("a", 1)], 0, opts());
    expect(d.modes.get("wallet-trades?w1")).toBe("poll");
    expect(d.modes.get("trades?a")).toBe("stream");
    expect(d.usage).toEqual({ subscriptions: 1, pulseSubscriptions: 0, tracked: 1 });
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 1, max: 50 })), { maxLength: 120 }), (xs) => {
        const demand = xs.map(([w, v], i) => (w ? wallet(`w${i}`, v) : trades(`t${i}`, v)));
        const r = schedule(EMPTY_SCHEDULER_STATE, demand, 0, opts());
        for (const x of demand) if (x.channel === "wallet-trades") expect(r.modes.get(x.key)).toBe("poll");
        // the tokens stream as if the wallets were not there
        const alone = schedule(EMPTY_SCHEDULER_STATE, demand.filter((x) => x.channel !== "wallet-trades"), 0, opts());
        expect(streamed(r.modes)).toEqual(streamed(alone.modes));
      }),
      { numRuns: 50 },
    );
  });

  it("streams everything while the budget has room", () => {
    const d = schedule(EMPTY_SCHEDULER_STATE, [trades("a", 1), candles("a", 1), pulse("new", 3)], 0, opts());
    expect([...d.modes.values()]).toEqual(["stream", "stream", "stream"]);
    expect(d.usage).toEqual({ subscriptions: 3, pulseSubscriptions: 1, tracked: 1 });
    expect(d.changes.map((c) => c.from)).toEqual([null, null, null]);
  });

  it("gives the tracked budget to the most viewed tokens and polls the rest, never refusing", () => {
    const demand = Array.from({ length: 60 }, (_, i) => trades(`k${String(i).padStart(2, "0")}`, 60 - i));
    const d = schedule(EMPTY_SCHEDULER_STATE, demand, 0, opts());
    expect(d.modes.size).toBe(60);
    expect(streamed(d.modes)).toEqual(demand.slice(0, 50).map((r) => r.key).sort());
    expect(d.usage.tracked).toBe(50);
  });

  it("counts a token once for its trades, candles and updates", () => {
    const d = schedule(EMPTY_SCHEDULER_STATE, [trades("a", 5), candles("a", 5), trades("b", 1)], 0, opts({ trackedTokens: 1 }));
    expect(streamed(d.modes)).toEqual(["ohlcv?a", "trades?a"]);
    expect(d.modes.get("trades?b")).toBe("poll");
  });

  it("keeps a reserve of slots for pulse views that tokens cannot take", () => {
    const tokens = Array.from({ length: 10 }, (_, i) => trades(`k${i}`, 100));
    const d = schedule(EMPTY_SCHEDULER_STATE, [...tokens, pulse("new", 1), pulse("bonding", 1)], 0, opts({ connections: 1, subscriptionsPerConnection: 8, pulseReserve: 2 }));
    expect(d.modes.get("pulse?new")).toBe("stream");
    expect(d.modes.get("pulse?bonding")).toBe("stream");
    expect(streamed(d.modes).filter((k) => k.startsWith("trades"))).toHaveLength(6);
  });

  it("promotes a rising resource only past the hysteresis and dwell, and demotes the weaker one", () => {
    const o = opts({ trackedTokens: 1 }, { hysteresis: 0.5, minDwellMs: 5_000 });
    let s: SchedulerState = schedule(EMPTY_SCHEDULER_STATE, [trades("a", 10), trades("b", 1)], 0, o).state;
    let d = schedule(s, [trades("a", 10), trades("b", 14)], 1_000, o); // 14 < 10 × 1.5, and a is in its dwell
    expect(d.modes.get("trades?a")).toBe("stream");
    d = schedule(d.state, [trades("a", 10), trades("b", 16)], 6_000, o); // dwell over, 16 > 15
    expect(d.modes.get("trades?b")).toBe("stream");
    expect(d.modes.get("trades?a")).toBe("poll");
    expect(d.changes).toEqual(expect.arrayContaining([{ key: "trades?b", from: "poll", to: "stream" }, { key: "trades?a", from: "stream", to: "poll" }]));
    s = d.state;
    d = schedule(s, [trades("a", 18), trades("b", 16)], 20_000, o); // a needs > 24 now
    expect(d.modes.get("trades?b")).toBe("stream");
  });

  it("remembers a resource whose viewers just left, with a decaying score, and forgets it in time", () => {
    const o = opts({}, { halfLifeMs: 1_000 });
    const s = schedule(EMPTY_SCHEDULER_STATE, [trades("a", 8)], 0, o).state;
    const later = schedule(s, [], 1_000, o);
    expect(later.state.entries.get("trades?a")?.score).toBeCloseTo(4);
    expect(later.modes.size).toBe(0);
    const back = schedule(later.state, [trades("a", 1)], 2_000, o);
    expect(back.scores.get("trades?a")).toBeCloseTo(2);
    expect(schedule(later.state, [], 20_000, o).state.entries.size).toBe(0);
  });

  it("bounds what it remembers", () => {
    const o = opts({}, { maxRemembered: 3 });
    const s = schedule(EMPTY_SCHEDULER_STATE, Array.from({ length: 10 }, (_, i) => trades(`k${i}`, i + 1)), 0, o).state;
    const d = schedule(s, [], 1, o);
    expect([...d.state.entries.keys()].sort()).toEqual(["trades?k7", "trades?k8", "trades?k9"]);
  });
});

const arbDemand = fc.array(
  fc.record({
    token: fc.integer({ min: 0, max: 80 }),
    channel: fc.constantFrom("trades", "ohlcv", "token-updates", "pulse") as fc.Arbitrary<ResourceDemand["channel"]>,
    viewers: fc.integer({ min: 0, max: 40 }),
  }),
  { maxLength: 150 },
).map((rows) => {
  const byKey = new Map<string, ResourceDemand>();
  for (const r of rows) {
    const key = `${r.channel}?${r.token}`;
    byKey.set(key, { key, channel: r.channel, tracked: r.channel === "pulse" ? [] : [`t:${r.token}`], viewers: r.viewers });
  }
  return [...byKey.values()];
});
const arbBudget = fc.record({
  connections: fc.integer({ min: 0, max: 5 }),
  subscriptionsPerConnection: fc.integer({ min: 0, max: 20 }),
  trackedTokens: fc.integer({ min: 0, max: 50 }),
  pulseReserve: fc.integer({ min: 0, max: 6 }),
});

describe("liveness scheduler properties", () => {
  it("never exceeds the budget and gives every demanded resource exactly one mode", () => {
    fc.assert(
      fc.property(fc.array(arbDemand, { minLength: 1, maxLength: 6 }), arbBudget, (rounds, budget) => {
        const o = opts(budget, { minDwellMs: 0 });
        let state = EMPTY_SCHEDULER_STATE;
        rounds.forEach((demand, i) => {
          const d = schedule(state, demand, i * 1_000, o);
          state = d.state;
          const wanted = demand.filter((r) => r.viewers > 0);
          expect(new Set(d.modes.keys())).toEqual(new Set(wanted.map((r) => r.key)));
          const on = wanted.filter((r) => d.modes.get(r.key) === "stream");
          const slots = budget.connections * budget.subscriptionsPerConnection;
          const reserve = Math.min(slots, budget.pulseReserve);
          expect(on.length).toBeLessThanOrEqual(slots);
          expect(on.filter((r) => r.channel !== "pulse").length).toBeLessThanOrEqual(slots - reserve);
          expect(new Set(on.flatMap((r) => r.tracked)).size).toBeLessThanOrEqual(budget.trackedTokens);
        });
      }),
    );
  });

  it("holds still under steady demand (no flapping), even with the dwell time off", () => {
    fc.assert(
      fc.property(arbDemand, arbBudget, fc.integer({ min: 2, max: 8 }), (demand, budget, repeats) => {
        const o = opts(budget, { minDwellMs: 0, hysteresis: 0.1 });
        let d = schedule(EMPTY_SCHEDULER_STATE, demand, 0, o);
        const first = d.modes;
        for (let i = 1; i <= repeats; i++) {
          d = schedule(d.state, demand, i * 1_000, o);
          expect(d.changes).toEqual([]);
          expect(d.modes).toEqual(first);
        }
      }),
    );
  });

  it("never streams a resource while a busier one that would fit in its place is polled (within hysteresis)", () => {
    fc.assert(
      fc.property(arbDemand, arbBudget, (demand, budget) => {
        const d = schedule(EMPTY_SCHEDULER_STATE, demand, 0, opts({ ...budget, pulseReserve: 0 }));
        const wanted = demand.filter((r) => r.viewers > 0 && r.channel !== "pulse" && r.tracked.length === 1);
        const on = wanted.filter((r) => d.modes.get(r.key) === "stream");
        const off = wanted.filter((r) => d.modes.get(r.key) === "poll");
        // Swapping one polled token for a streamed one never frees or needs more than one tracked key, so a polled
        // resource busier than a streamed one must be blocked by something else: its token is not tracked and the
        // tracked budget is full, or the slots are full.
        const trackedOn = new Set(on.flatMap((r) => r.tracked));
        for (const p of off)
          for (const s of on) {
            if (p.viewers <= s.viewers) continue;
            const slotsFull = on.length >= budget.connections * budget.subscriptionsPerConnection;
            expect(slotsFull || (!trackedOn.has(p.tracked[0] as string) && trackedOn.size >= budget.trackedTokens)).toBe(true);
          }
      }),
    );
  });

  it("admits a resource demoted for a busier one again once demand shifts back past the hysteresis", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 50 }), (va, vb) => {
        const o = opts({ trackedTokens: 1 }, { minDwellMs: 0, hysteresis: 0.25, halfLifeMs: 1 });
        const d1 = schedule(EMPTY_SCHEDULER_STATE, [trades("a", va), trades("b", vb)], 0, o);
        const winner = va >= vb ? "trades?a" : "trades?b";
        expect(streamed(d1.modes)).toEqual([winner]);
        const d2 = schedule(d1.state, [trades("a", vb * 2 + 1), trades("b", va * 2 + 1)], 10_000, o);
        const loser = winner === "trades?a" ? "trades?b" : "trades?a";
        const loserScore = d2.scores.get(loser) as number;
        const winnerScore = d2.scores.get(winner) as number;
        expect(d2.modes.get(loser)).toBe(loserScore > winnerScore * 1.25 ? "stream" : "poll");
      }),
    );
  });
});

describe("adopting modes decided elsewhere", () => {
  it("keeps scores, sets the given modes, and restarts the dwell only where the mode changed", () => {
    const d = schedule(EMPTY_SCHEDULER_STATE, [trades("a", 3), trades("b", 1)], 0, opts({ trackedTokens: 1 }));
    expect(d.modes.get("trades?a")).toBe("stream");
    const s = adopt(d.state, new Map([["trades?a", "stream"], ["trades?b", "stream"]]), 5_000);
    expect(s.entries.get("trades?a")).toMatchObject({ mode: "stream", since: 0, score: 3 });
    expect(s.entries.get("trades?b")).toMatchObject({ mode: "stream", since: 5_000, score: 1 });
    // Deciding alone from there with room for one: the budget holds; the incumbent that keeps its place keeps its dwell.
    const alone = schedule(s, [trades("a", 3), trades("b", 1)], 6_000, opts({ trackedTokens: 1 }));
    expect(streamed(alone.modes)).toEqual(["trades?a"]);
    expect(alone.state.entries.get("trades?a")).toMatchObject({ since: 0 });
  });

  it("never streams past the budget once the adopted modes' dwell is over", () => {
    fc.assert(
      fc.property(arbDemand, arbBudget, (demand, budget) => {
        const all = new Map(demand.filter((r) => r.viewers > 0).map((r) => [r.key, "stream" as const]));
        const s = adopt(EMPTY_SCHEDULER_STATE, all, 0);
        const d = schedule(s, demand, DEFAULT_SCHEDULER_OPTIONS.minDwellMs + 1, opts(budget));
        const on = demand.filter((r) => d.modes.get(r.key) === "stream");
        expect(on.length).toBeLessThanOrEqual(budget.connections * budget.subscriptionsPerConnection);
        expect(new Set(on.flatMap((r) => r.tracked)).size).toBeLessThanOrEqual(budget.trackedTokens);
      }),
    );
  });
});
