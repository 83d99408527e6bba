import type { CohortReport, TradersEnvelope } from "@/lib/api";
import { type CohortService, getCohortService } from "@/lib/server/cohorts/cohort-service";
import { createReportCache, type ReportCache } from "@/lib/server/cohorts/report-cache";
import { createReader } from "@/lib/server/cohorts/upstream-reads";
import { getProxyState, type ProxyState } from "@/lib/server/proxy/state";
import { buildTradersReport } from "./build-traders";
import type { TapeWindow } from "./read-tape";

// Traders reports per token, shared by every viewer (report-cache.ts); each round reads only the tape rows that are
// new since the last (the window is kept with the report, at most MAX_ROWS).

export const REPORT_TTL_MS = 30_000;
export const MAX_REPORTS = 200;

export type TradersService = ReportCache<TradersEnvelope>;

export function createTradersService(
  opts: { state?: () => ProxyState; now?: () => number; cohorts?: () => CohortService } = {},
): TradersService {
  const state = opts.state ?? getProxyState;
  const cohorts = opts.cohorts ?? getCohortService;
  return createReportCache<TradersEnvelope, TapeWindow>({
    max: MAX_REPORTS,
    ttlMs: REPORT_TTL_MS,
    now: opts.now,
    async compute(ref, prior, t) {
      const reader = createReader(state());
      // the tags come from the cohort report (usually the one the token page already asked for); without it, no tags
      let cohortCredits = 0;
      const tags: Promise<CohortReport | null> = cohorts()
        .get(ref)
        .then((r) => {
          cohortCredits = r.envelope.meta.credits;
          return r.envelope.data;
        })
        .catch(() => null);
      const { report, tape } = await buildTradersReport(reader, ref, { prior, cohorts: tags });
      return {
        envelope: { data: report, meta: { asOf: reader.asOf() || t, credits: reader.spent() + cohortCredits } },
        keep: tape,
      };
    },
  });
}

const SERVICE = Symbol.for("trading-explorer.traders-service");

export function getTradersService(): TradersService {
  const holder = globalThis as { [SERVICE]?: TradersService };
  holder[SERVICE] ??= createTradersService();
  return holder[SERVICE];
}
