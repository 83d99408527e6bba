import { makerMarkers, type TradeMarker } from "@/components/chart/markers";
import type { Cohort, CohortId, CohortReport, OhlcvInterval } from "@/lib/api/core";

// What the cohort panel shows, pure: labels, definitions from the rules the report applied, dump flags, markers.

export const COHORT_LABEL: Record<CohortId, string> = {
  top10: "Top 10",
  dev: "Dev",
  snipers: "Snipers",
  bundles: "Bundles",
  fresh: "Fresh",
};

/** Stroke classes of each cohort's line and key (theme colours where they mean something). */
export const COHORT_STROKE: Record<CohortId, string> = {
  top10: "stroke-accent",
  dev: "stroke-fuchsia-400",
  snipers: "stroke-amber-300",
  bundles: "stroke-down",
  fresh: "stroke-teal-300",
};
export const COHORT_FILL: Record<CohortId, string> = {
  top10: "bg-accent",
  dev: "bg-fuchsia-400",
  snipers: "bg-amber-300",
  bundles: "bg-down",
  fresh: "bg-teal-300",
};

/** A cohort that sold at least this share of its holding in the recent window is flagged. */
export const DUMP_FLAG_PCT = 10;

/** "5 s", "1 min", "1 h": a rule's window, said the way a trader would. */
export function spanLabel(ms: number): string {
  if (ms >= 3600_000 && ms % 3600_000 === 0) return `${ms / 3600_000} h`;
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  return `${Math.round(ms / 100) / 10} s`;
}

export function cohortDefinition(id: CohortId, rules: CohortReport["rules"]): string {
  switch (id) {
    case "top10":
      return "The 10 largest holders now, pools and burn addresses left out.";
    case "dev":
      return "The wallet that deployed the token: what it holds now and whether it has sold.";
    case "snipers":
      return `Wallets whose first buy landed within ${spanLabel(rules.sniperWindowMs)} of the launch (the dev excluded).`;
    case "bundles":
      return `${rules.bundleMinWallets} or more wallets with the same first-funding source buying in one block or slot within ${spanLabel(rules.earlyWindowMs)} of the launch. Exchange and bridge funders don't count.`;
    case "fresh":
      return `Wallets first funded at most ${spanLabel(rules.freshWindowMs)} before their first buy of this token.`;
  }
}

export interface DumpFlag {
  id: CohortId;
  soldPct: number;
  windowMs: number;
}

/** Cohorts that sold ≥ DUMP_FLAG_PCT of their holding in the report's recent window, biggest first. */
export function dumpFlags(report: CohortReport, threshold = DUMP_FLAG_PCT): DumpFlag[] {
  return report.cohorts
    .filter((c) => c.wallets.length > 0 && c.soldRecentPct !== null && c.soldRecentPct >= threshold)
    .map((c) => ({ id: c.id, soldPct: c.soldRecentPct as number, windowMs: report.rules.recentWindowMs }))
    .sort((a, b) => b.soldPct - a.soldPct);
}

export function cohortOf(report: CohortReport, id: CohortId): Cohort | undefined {
  return report.cohorts.find((c) => c.id === id);
}

/** The cohort's buys and sells as chart markers, labelled with the cohort. */
export function cohortMarkers(report: CohortReport, id: CohortId, interval: OhlcvInterval): TradeMarker[] {
  const members = new Set(cohortOf(report, id)?.wallets ?? []);
  if (members.size === 0) return [];
  const trades = report.trades.filter((t) => members.has(t.maker));
  return makerMarkers(trades, interval).map((m) => ({
    ...m,
    text: `${COHORT_LABEL[id]} ${m.text}`,
    id: `${id}:${m.id}`,
  }));
}

/** Polyline points of each cohort's holdings over the report's times, on one shared scale. */
export function holdingLines(
  report: CohortReport,
  width: number,
  height: number,
): { id: CohortId; points: string; last: number }[] {
  const max = Math.max(1e-9, ...report.cohorts.flatMap((c) => c.series));
  const n = report.seriesTimes.length;
  const r = (x: number) => Math.round(x * 10) / 10;
  return report.cohorts
    .filter((c) => c.series.some((v) => v > 0))
    .map((c) => ({
      id: c.id,
      last: c.series.at(-1) ?? 0,
      points: c.series
        .map((v, i) => `${r(n > 1 ? (i * width) / (n - 1) : 0)},${r(height - (v / max) * height)}`)
        .join(" "),
    }));
}
