import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COHORT_RULES, type CohortTrade, type TokenHolder, type WalletFunding } from "@/lib/api";
import { type CohortInput, computeCohorts, findBundles, fundingCandidates, orderTrades } from "./rules";

const T0 = 1_700_000_000_000;
const SUPPLY = 1_000_000;
let seq = 0;
const trade = (maker: string, at: number, block: number, isBuy = true, amountToken = 1000): CohortTrade => ({
  at,
  maker,
  isBuy,
  amountToken,
  volumeUsd: amountToken / 100,
  txHash: `tx${seq++}`,
  block,
  logIndex: 0,
});
const funding = (funder: string, fundedAt: number, funderTag: string | null = null): WalletFunding => ({
  chain: "solana",
  funder,
  fundedAt,
  txHash: `f-${funder}-${fundedAt}`,
  amountNative: "1000000000",
  funderTag,
});
const holder = (address: string, amount: number, label: string | null = null): TokenHolder => ({
  address,
  amount: String(amount),
  sharePct: (amount / SUPPLY) * 100,
  label,
});
const base = (over: Partial<CohortInput>): CohortInput => ({
  chain: "solana",
  address: "tok",
  createdAt: T0,
  supply: SUPPLY,
  deployer: "dev",
  now: T0 + 30 * 60_000,
  holders: [],
  trades: [],
  fundings: new Map(),
  ...over,
});
const byId = (r: ReturnType<typeof computeCohorts>, id: string) => r.cohorts.find((c) => c.id === id);

describe("cohort rules", () => {
  it("finds a bundle: three wallets of one funder buying in one slot, with their funding records", () => {
    const trades = [trade("dev", T0, 100), trade("a", T0, 100), trade("b", T0, 100), trade("c", T0, 100)];
    const fundings = new Map([
      ["a", funding("F", T0 - 60_000)],
      ["b", funding("F", T0 - 50_000)],
      ["c", funding("F", T0 - 40_000)],
    ]);
    const r = computeCohorts(base({ trades, fundings }));
    expect(r.bundles).toHaveLength(1);
    expect(r.bundles[0]?.funder).toBe("F");
    expect(r.bundles[0]?.block).toBe(100);
    expect(r.bundles[0]?.wallets.map((w) => w.funding.txHash)).toEqual([
      "f-F-1699999940000",
      "f-F-1699999950000",
      "f-F-1699999960000",
    ]);
    expect(byId(r, "bundles")?.wallets).toEqual(["a", "b", "c"]);
    expect(byId(r, "bundles")?.holdPct).toBeCloseTo(0.3);
    // The dev's own buy in the creation slot is the dev's, not a bundle member's.
    expect(byId(r, "bundles")?.wallets).not.toContain("dev");
  });

  it("does not call two wallets a bundle, nor wallets funded by a tagged exchange", () => {
    const trades = ["a", "b", "c", "d"].map((w) => trade(w, T0 + 1000, 101));
    const two = new Map([
      ["a", funding("F", T0 - 1)],
      ["b", funding("F", T0 - 1)],
      ["c", funding("G", T0 - 1)],
    ]);
    expect(computeCohorts(base({ trades, fundings: two })).bundles).toEqual([]);
    const exchange = new Map(["a", "b", "c", "d"].map((w) => [w, funding("EX", T0 - 1, "exchange")]));
    expect(computeCohorts(base({ trades, fundings: exchange })).bundles).toEqual([]);
  });

  it("does not join buys of different slots or after the launch window", () => {
    const trades = [trade("a", T0, 100), trade("b", T0, 100), trade("c", T0 + 400, 101)];
    const late = ["x", "y", "z"].map((w) => trade(w, T0 + COHORT_RULES.earlyWindowMs + 1, 500));
    const fundings = new Map(["a", "b", "c", "x", "y", "z"].map((w) => [w, funding("F", T0 - 1)]));
    expect(computeCohorts(base({ trades: [...trades, ...late], fundings })).bundles).toEqual([]);
  });

  it("snipers bought within the sniper window; the dev is never one", () => {
    const trades = [
      trade("dev", T0, 1),
      trade("s", T0 + COHORT_RULES.sniperWindowMs, 2),
      trade("late", T0 + COHORT_RULES.sniperWindowMs + 1, 3),
    ];
    expect(byId(computeCohorts(base({ trades })), "snipers")?.wallets).toEqual(["s"]);
  });

  it("fresh wallets were funded shortly before (never after) their first buy", () => {
    const at = T0 + 10 * 60_000;
    const trades = [trade("f", at, 9), trade("old", at, 9), trade("after", at, 9)];
    const fundings = new Map([
      ["f", funding("X", at - COHORT_RULES.freshWindowMs)],
      ["old", funding("X", at - COHORT_RULES.freshWindowMs - 1)],
      ["after", funding("X", at + 1)],
    ]);
    expect(byId(computeCohorts(base({ trades, fundings })), "fresh")?.wallets).toEqual(["f"]);
  });

  it("reports the dev's holding, sells and first sell time", () => {
    const trades = [trade("dev", T0, 1, true, 50_000), trade("dev", T0 + 90_000, 20, false, 20_000)];
    const r = computeCohorts(base({ trades, holders: [holder("dev", 30_000, "creator")] }));
    expect(r.dev).toEqual({
      address: "dev",
      holdPct: 3,
      boughtPct: 5,
      soldPct: 2,
      sold: true,
      firstSellAt: T0 + 90_000,
    });
  });

  it("top 10 leaves pools and burn addresses out", () => {
    const holders = [holder("pool", 500_000, "pool"), holder("burn", 100_000, "burn"), holder("w", 10_000)];
    const r = computeCohorts(base({ holders }));
    expect(byId(r, "top10")?.wallets).toEqual(["w"]);
    expect(byId(r, "top10")?.holdPct).toBeCloseTo(1);
  });

  it("says how much a cohort sold in the last window", () => {
    const now = T0 + 30 * 60_000;
    const trades = [
      trade("s", T0 + 1000, 1, true, 10_000),
      trade("s", now - 60_000, 50, false, 4_000),
      trade("t", T0 + 2000, 2, true, 10_000),
    ];
    const r = computeCohorts(base({ trades, now }));
    expect(byId(r, "snipers")?.soldRecentPct).toBeCloseTo(20);
    expect(byId(r, "snipers")?.series.at(-1)).toBeCloseTo(1.6);
    expect(byId(r, "fresh")?.soldRecentPct).toBeNull();
  });

  it("counts a token younger than the window from its first trade", () => {
    const trades = [trade("s", T0 + 1000, 1, true, 10_000), trade("s", T0 + 60_000, 9, false, 10_000)];
    const r = computeCohorts(base({ trades, now: T0 + 2 * 60_000 }));
    expect(byId(r, "snipers")?.soldRecentPct).toBe(100);
  });

  it("funding candidates put crowded launch slots first and leave pools out", () => {
    const trades = orderTrades([
      trade("early", T0 + 10, 1),
      trade("a", T0 + 20, 2),
      trade("b", T0 + 20, 2),
      trade("c", T0 + 20, 2),
    ]);
    const holders = [holder("pool", 1, "pool"), holder("h", 1)];
    expect(fundingCandidates(trades, T0, holders, new Set(["pool"]))).toEqual(["a", "b", "c", "h", "early"]);
  });
});

const wallet = fc.constantFrom("a", "b", "c", "d", "e", "f", "g", "dev");
const tradeArb = fc.record({
  maker: wallet,
  at: fc.integer({ min: T0, max: T0 + 20 * 60_000 }),
  block: fc.integer({ min: 1, max: 6 }),
  isBuy: fc.boolean(),
  amountToken: fc.integer({ min: 1, max: 50_000 }),
});
const fundingArb = fc.dictionary(
  wallet,
  fc.option(
    fc.record({
      funder: fc.constantFrom("F", "G", "EX"),
      lead: fc.integer({ min: -60_000, max: 3 * 3600_000 }),
      tagged: fc.boolean(),
    }),
  ),
);
const inputArb = fc
  .record({ rows: fc.array(tradeArb, { maxLength: 60 }), funds: fundingArb })
  .map(({ rows, funds }) => {
    const trades = rows.map((r, i) => ({ ...r, volumeUsd: 1, txHash: `t${i}`, logIndex: i }));
    const fundings = new Map(
      Object.entries(funds).map(([w, f]) => [
        w,
        f ? funding(f.funder, T0 - f.lead, f.tagged ? "exchange" : null) : null,
      ]),
    );
    return base({ trades, fundings });
  });

describe("cohort rules (properties)", () => {
  it("every bundle has ≥3 distinct wallets of one untagged funder that bought in its slot early", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const r = computeCohorts(input);
        for (const b of r.bundles) {
          expect(new Set(b.wallets.map((w) => w.address)).size).toBe(b.wallets.length);
          expect(b.wallets.length).toBeGreaterThanOrEqual(COHORT_RULES.bundleMinWallets);
          for (const w of b.wallets) {
            expect(w.funding.funder).toBe(b.funder);
            expect(w.funding.funderTag).toBeNull();
            expect(w.address).not.toBe("dev");
            expect(
              input.trades.some(
                (t) =>
                  t.maker === w.address && t.isBuy && t.block === b.block && t.at - T0 <= COHORT_RULES.earlyWindowMs,
              ),
            ).toBe(true);
          }
        }
      }),
    );
  });

  it("does not depend on the order trades arrive in, nor on duplicates", () => {
    fc.assert(
      fc.property(inputArb, fc.integer(), (input, seed) => {
        const shuffled = [...input.trades, ...input.trades.slice(0, 5)].sort(
          (a, b) => ((a.logIndex * 7919 + seed) % 97) - ((b.logIndex * 7919 + seed) % 97),
        );
        expect(computeCohorts({ ...input, trades: shuffled })).toEqual(computeCohorts(input));
      }),
    );
  });

  it("holdings are shares of supply between 0 and 100, and the series ends at the trades' net now", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const r = computeCohorts(input);
        for (const c of r.cohorts) {
          for (const v of c.series) expect(v).toBeGreaterThanOrEqual(0);
          if (c.soldRecentPct !== null) {
            expect(c.soldRecentPct).toBeGreaterThanOrEqual(0);
            expect(c.soldRecentPct).toBeLessThanOrEqual(100);
          }
          if (c.id !== "top10" && c.id !== "dev") expect(c.holdPct).toBeCloseTo(c.series.at(-1) ?? 0, 4);
        }
        expect(r.seriesTimes.at(-1)).toBe(input.now);
      }),
    );
  });

  it("a wallet funded after its first buy, or with no record, is never fresh", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const r = computeCohorts(input);
        const fresh = r.cohorts.find((c) => c.id === "fresh")?.wallets ?? [];
        for (const w of fresh) {
          const f = input.fundings.get(w);
          const first = orderTrades(input.trades).find((t) => t.maker === w && t.isBuy);
          expect(f).toBeTruthy();
          expect((first?.at ?? 0) >= (f?.fundedAt ?? Infinity)).toBe(true);
        }
      }),
    );
  });

  it("findBundles never reports a slot with fewer wallets than the rule needs", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        for (const b of findBundles(orderTrades(input.trades), T0, input.fundings, new Set()))
          expect(b.wallets.length).toBeGreaterThanOrEqual(3);
      }),
    );
  });
});
