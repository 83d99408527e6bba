import { COHORT_RULES, type CohortEnvelope, PRECONFIRM_TTL_MS } from "@/lib/api";
import { getProxyState, type ProxyState } from "@/lib/server/proxy/state";
import { buildCohortReport, type EarlyWindow } from "./build-report";
import { createReportCache, type ReportCache } from "./report-cache";
import { createReader } from "./upstream-reads";

// Cohort reports per token, shared by every viewer (report-cache.ts); the launch window is kept once it is settled.

export const REPORT_TTL_MS = 30_000;
export const MAX_REPORTS = 500;

export type CohortService = ReportCache<CohortEnvelope>;

export function createCohortService(opts: { state?: () => ProxyState; now?: () => number } = {}): CohortService {
  const state = opts.state ?? getProxyState;
  return createReportCache<CohortEnvelope, EarlyWindow | undefined>({
    max: MAX_REPORTS,
    ttlMs: REPORT_TTL_MS,
    now: opts.now,
    async compute(ref, prior, t) {
      const reader = createReader(state());
      const { report, early } = await buildCohortReport(reader, ref, { early: prior });
      const settled =
        (report.seriesTimes.at(-1) ?? 0) > report.createdAt + COHORT_RULES.earlyWindowMs + PRECONFIRM_TTL_MS;
      return {
        envelope: { data: report, meta: { asOf: reader.asOf() || t, credits: reader.spent() } },
        // The launch window's trades once they can no longer change: later rounds skip reading them again.
        keep: settled && early.complete ? early : undefined,
      };
    },
  });
}

const SERVICE = Symbol.for("trading-explorer.cohort-service");

export function getCohortService(): CohortService {
  const holder = globalThis as { [SERVICE]?: CohortService };
  holder[SERVICE] ??= createCohortService();
  return holder[SERVICE];
}
