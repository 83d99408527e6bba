import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COHORT_IDS, COHORT_RULES, type Cohort, type CohortReport } from "@/lib/api";
import { cohortDefinition, cohortMarkers, DUMP_FLAG_PCT, dumpFlags, holdingLines, spanLabel } from "./cohort-view";

const T0 = 1_700_000_000_000;
const cohort = (over: Partial<Cohort> & Pick<Cohort, "id">): Cohort => ({
  wallets: ["w"],
  holdPct: 1,
  boughtPct: 2,
  soldRecentPct: null,
  series: [0, 1, 2],
  ...over,
});
const report = (cohorts: Cohort[], trades: CohortReport["trades"] = []): CohortReport => ({
  chain: "solana",
  address: "tok",
  createdAt: T0,
  cohorts,
  dev: { address: null, holdPct: null, boughtPct: 0, soldPct: 0, sold: false, firstSellAt: null },
  bundles: [],
  seriesTimes: [T0, T0 + 60_000, T0 + 120_000],
  trades,
  coverage: { wallets: 0, fundingChecked: 0, fundingUnknown: 0, fundingSkipped: 0, earlyComplete: true },
  rules: { ...COHORT_RULES },
});

describe("cohort view", () => {
  it("flags cohorts that sold at least the threshold recently, biggest first, and never an empty one", () => {
    const r = report([
      cohort({ id: "snipers", soldRecentPct: 12 }),
      cohort({ id: "bundles", soldRecentPct: 80 }),
      cohort({ id: "fresh", soldRecentPct: DUMP_FLAG_PCT - 0.1 }),
      cohort({ id: "dev", wallets: [], soldRecentPct: 50 }),
    ]);
    expect(dumpFlags(r).map((f) => f.id)).toEqual(["bundles", "snipers"]);
  });

  it("states every definition with the thresholds the report applied", () => {
    expect(cohortDefinition("snipers", { ...COHORT_RULES, sniperWindowMs: 7_000 })).toContain("within 7 s");
    expect(cohortDefinition("bundles", COHORT_RULES)).toContain("3 or more");
    expect(cohortDefinition("fresh", COHORT_RULES)).toContain("1 h before");
    expect(spanLabel(5 * 60_000)).toBe("5 min");
    for (const id of COHORT_IDS) expect(cohortDefinition(id, COHORT_RULES).length).toBeGreaterThan(20);
  });

  it("draws only the cohort's own trades as markers", () => {
    const t = (maker: string, isBuy: boolean, at: number) => ({
      at,
      maker,
      isBuy,
      amountToken: 1,
      volumeUsd: 1,
      txHash: `${maker}${at}`,
      block: 1,
      logIndex: 0,
    });
    const r = report(
      [cohort({ id: "snipers", wallets: ["a"] })],
      [t("a", true, T0), t("b", true, T0), t("a", false, T0 + 600_000)],
    );
    const m = cohortMarkers(r, "snipers", "1m");
    expect(m.map((x) => x.text)).toEqual(["Snipers B", "Snipers S"]);
    expect(cohortMarkers(r, "fresh", "1m")).toEqual([]);
  });

  it("keeps every line inside the box", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.float({ min: 0, max: 100, noNaN: true }), { minLength: 3, maxLength: 3 }), {
          minLength: 1,
          maxLength: 5,
        }),
        (series) => {
          const r = report(series.map((s, i) => cohort({ id: COHORT_IDS[i] ?? "top10", series: s })));
          for (const line of holdingLines(r, 200, 50))
            for (const p of line.points.split(" ")) {
              const [x, y] = p.split(",").map(Number);
              expect(x).toBeGreaterThanOrEqual(0);
              expect(x).toBeLessThanOrEqual(200);
              expect(y).toBeGreaterThanOrEqual(0);
              expect(y).toBeLessThanOrEqual(50);
            }
        },
      ),
    );
  });
});
