import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addressSpend, DEFAULT_LADDER_MS, planCadence, type PollDemand } from "./cadence";
import { DEFAULT_SCHEDULER_OPTIONS, EMPTY_SCHEDULER_STATE, type ResourceDemand, type SchedulerOptions, schedule } from "./scheduler";
import { addressCaps, pollCreditCaps, ShareLedger } from "./shares";

const budget = { connections: 5, subscriptionsPerConnection: 20, trackedTokens: 50, pulseReserve: 4 };
const opts = (addressShare: number, b: Partial<typeof budget> = {}): SchedulerOptions => ({
  ...DEFAULT_SCHEDULER_OPTIONS,
  addressShare,
  budget: { ...budget, ...b },
});
const trades = (token: string, by: Record<string, number>): ResourceDemand => ({
  key: `trades?${token}`, channel: "trades", tracked: [`t:${token}`], viewers: Object.values(by).reduce((a, b) => a + b, 0), by,
});
const pulse = (view: string, by: Record<string, number>): ResourceDemand => ({
  key: `pulse?${view}`, channel: "pulse", tracked: [], viewers: Object.values(by).reduce((a, b) => a + b, 0), by,
});
const streamed = (modes: Map<string, string>) => [...modes].filter(([, m]) => m === "stream").map(([k]) => k);

describe("address caps", () => {
  it("are a fraction of the slots less the pulse reserve and of the tracked tokens, at least one each", () => {
    expect(addressCaps(96, 50, 0.2)).toEqual({ slots: 19, tracked: 10 });
    expect(addressCaps(3, 2, 0.2)).toEqual({ slots: 1, tracked: 1 });
    expect(addressCaps(96, 50, 1)).toEqual({ slots: Number.POSITIVE_INFINITY, tracked: Number.POSITIVE_INFINITY });
  });

  it("charge a shared resource to its addresses by viewers; an address at its cap drops out and the others pay", () => {
    const l = new ShareLedger({ slots: 1, tracked: 1 });
    const both = l.payers([["a", 3], ["b", 1]], 1);
    expect(both).toEqual(new Map([["a", 0.75], ["b", 0.25]]));
    l.charge(both, 1);
    // a holds 0.75: another whole slot of its own does not fit, a quarter does
    expect(l.payers([["a", 1]], 1).size).toBe(0);
    expect(l.payers([["a", 1], ["b", 3]], 0)).toEqual(new Map([["a", 0.25], ["b", 0.75]]));
    expect(l.payers([["a", 1], ["c", 1]], 1)).toEqual(new Map([["c", 1]])); // a's half would pass its cap: c pays it all
  });
});

describe("scheduler with address shares", () => {
  it("streams one address's views up to its share and polls the rest, refusing none", () => {
    const demand = Array.from({ length: 100 }, (_, i) => trades(`k${String(i).padStart(3, "0")}`, { office: 1 }));
    const d = schedule(EMPTY_SCHEDULER_STATE, demand, 0, opts(0.2));
    expect(d.modes.size).toBe(100);
    expect(streamed(d.modes)).toHaveLength(10); // a fifth of the 50 tracked tokens
    expect([...d.modes.values()].filter((m) => m === "poll")).toHaveLength(90);
  });

  it("400 pulse views of one address take at most its share; another address's tokens all stream", () => {
    const spam = Array.from({ length: 400 }, (_, i) => pulse(`v${i}`, { spammer: 1 }));
    const other = Array.from({ length: 5 }, (_, i) => trades(`o${i}`, { trader: 1 }));
    const d = schedule(EMPTY_SCHEDULER_STATE, [...spam, ...other], 0, opts(0.2));
    for (const r of other) expect(d.modes.get(r.key)).toBe("stream");
    expect(streamed(d.modes).filter((k) => k.startsWith("pulse"))).toHaveLength(19); // a fifth of 96
  });

  it("streams a token watched from many addresses though each holds its share elsewhere", () => {
    const own = (a: string) => Array.from({ length: 10 }, (_, i) => trades(`${a}-${i}`, { [a]: 5 }));
    const shared = trades("popular", { a: 1, b: 1, c: 1 });
    const d = schedule(EMPTY_SCHEDULER_STATE, [...own("a"), ...own("b"), ...own("c"), shared], 0, opts(0.2, { trackedTokens: 100 }));
    expect(d.modes.get(shared.key)).toBe("stream");
  });

  it("property: an address alone in a resource never holds more than its share, and every resource gets a mode", () => {
    const arb = fc.record({
      share: fc.constantFrom(0.1, 0.2, 0.5),
      tracked: fc.integer({ min: 2, max: 60 }),
      demand: fc.array(
        fc.record({ token: fc.integer({ min: 0, max: 80 }), address: fc.constantFrom("a", "b", "c", "d"), viewers: fc.integer({ min: 1, max: 5 }), pulse: fc.boolean() }),
        { maxLength: 200 },
      ),
    });
    fc.assert(
      fc.property(arb, ({ share, tracked, demand }) => {
        const rs = new Map<string, ResourceDemand>();
        for (const x of demand) {
          const r = x.pulse ? pulse(`${x.address}-${x.token}`, { [x.address]: x.viewers }) : trades(`${x.address}-${x.token}`, { [x.address]: x.viewers });
          rs.set(r.key, r);
        }
        const o = opts(share, { trackedTokens: tracked });
        const d = schedule(EMPTY_SCHEDULER_STATE, [...rs.values()], 0, o);
        expect(d.modes.size).toBe(rs.size);
        const caps = addressCaps(96, tracked, share);
        for (const a of ["a", "b", "c", "d"]) {
          const mine = streamed(d.modes).filter((k) => k.includes(`?${a}-`));
          expect(mine.length).toBeLessThanOrEqual(caps.slots);
          expect(mine.filter((k) => k.startsWith("trades")).length).toBeLessThanOrEqual(caps.tracked);
        }
        expect(d.usage.subscriptions).toBeLessThanOrEqual(100);
        expect(d.usage.tracked).toBeLessThanOrEqual(tracked);
      }),
      { numRuns: 200 },
    );
  });

  it("property: an address within its share has everything streamed when the key's budget has room", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 60 }), fc.constantFrom("a", "b", "c", "d", "e"), (tokens, address) => {
        // Four other addresses each hold their full share; `address` wants at most 10 tokens: its share.
        const others = ["p", "q", "r", "s"].flatMap((a) => Array.from({ length: 10 }, (_, i) => trades(`${a}${i}`, { [a]: 3 })));
        const mine = [...new Set(tokens)].map((t) => trades(`${address}${t}`, { [address]: 1 }));
        const d = schedule(EMPTY_SCHEDULER_STATE, [...others, ...mine], 0, opts(0.2));
        for (const r of mine) expect(d.modes.get(r.key)).toBe("stream");
      }),
      { numRuns: 100 },
    );
  });
});

describe("polling credit caps", () => {
  it("give an address alone the whole budget and share it fairly when several want more", () => {
    expect(pollCreditCaps(new Map([["a", 10_000]]), 6_000, 0.2)).toEqual(new Map([["a", 6_000]]));
    const caps = pollCreditCaps(new Map([["a", 10_000], ["b", 10_000], ["c", 600]]), 6_000, 0.2);
    expect(caps).toEqual(new Map([["c", 600], ["a", 2_700], ["b", 2_700]]));
  });

  it("never go below the share of the budget for an address that wants more", () => {
    const many = new Map(Array.from({ length: 10 }, (_, i) => [`a${i}`, 10_000] as const));
    for (const cap of pollCreditCaps(many, 6_000, 0.2).values()) expect(cap).toBe(1_200);
  });

  it("property: each cap is at most the budget, at least min(demand, share), and everyone's demand fits when the sum does", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 20_000 }),
        fc.constantFrom(0.1, 0.2, 0.5),
        (demands, b, share) => {
          const demand = new Map(demands.map((d, i) => [`a${i}`, d] as const));
          const caps = pollCreditCaps(demand, b, share);
          const sum = demands.reduce((x, y) => x + y, 0);
          for (const [a, d] of demand) {
            const cap = caps.get(a) as number;
            expect(cap).toBeLessThanOrEqual(b + 1e-9);
            expect(cap + 1e-9).toBeGreaterThanOrEqual(Math.min(d, share * b));
            if (sum <= b) expect(cap).toBe(d);
          }
          // Fairness: no address is capped below another that wants more.
          for (const [a, d] of demand) for (const [x, e] of demand) if (d >= e) expect((caps.get(a) as number) + 1e-9).toBeGreaterThanOrEqual(Math.min(caps.get(x) as number, d));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("cadence with address caps", () => {
  const items = (address: string, n: number, credits = 1): PollDemand[] =>
    Array.from({ length: n }, (_, i) => ({ key: `${address}${i}`, score: 1, credits, by: { [address]: 1 } }));

  it("keeps a heavy address within its cap and lets a light one poll at the fastest rung", () => {
    const all = [...items("heavy", 300), ...items("light", 5)];
    const caps = new Map([["heavy", 1_200], ["light", 300]]);
    const plan = planCadence(all, { creditsPerMinute: 6_000, ladderMs: DEFAULT_LADDER_MS, addressCaps: caps });
    const spend = addressSpend(all, plan.intervals);
    expect(spend.get("heavy")).toBeLessThanOrEqual(1_200 + 1e-6);
    for (let i = 0; i < 5; i++) expect(plan.intervals.get(`light${i}`)).toBe(1_000);
  });

  it("property: no address passes its cap, the whole stays within the budget, every item gets an interval", () => {
    const arb = fc.record({
      budget: fc.integer({ min: 0, max: 10_000 }),
      caps: fc.array(fc.integer({ min: 0, max: 5_000 }), { minLength: 3, maxLength: 3 }),
      items: fc.array(
        fc.record({ score: fc.integer({ min: 0, max: 50 }), credits: fc.constantFrom(1, 5), a: fc.integer({ min: 0, max: 2 }), b: fc.integer({ min: 0, max: 2 }), wa: fc.integer({ min: 1, max: 4 }), wb: fc.integer({ min: 0, max: 4 }) }),
        { maxLength: 80 },
      ),
    });
    fc.assert(
      fc.property(arb, ({ budget: b, caps, items: raw }) => {
        const all: PollDemand[] = raw.map((r, i) => {
          const by: Record<string, number> = { [`x${r.a}`]: r.wa };
          if (r.wb > 0) by[`x${r.b}`] = (by[`x${r.b}`] ?? 0) + r.wb;
          return { key: `k${i}`, score: r.score, credits: r.credits, by };
        });
        const capMap = new Map<string, number>(caps.map((c, i) => [`x${i}`, c]));
        const plan = planCadence(all, { creditsPerMinute: b, ladderMs: DEFAULT_LADDER_MS, addressCaps: capMap });
        expect(plan.intervals.size).toBe(all.length);
        const total = all.reduce((s, it) => s + (it.credits * 60_000) / (plan.intervals.get(it.key) as number), 0);
        expect(total).toBeLessThanOrEqual(b + 1e-6);
        for (const [a, spent] of addressSpend(all, plan.intervals)) expect(spent).toBeLessThanOrEqual((capMap.get(a) as number) + 1e-6);
      }),
      { numRuns: 300 },
    );
  });
});
