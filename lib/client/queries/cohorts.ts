import type { ChainId, CohortEnvelope } from "@/lib/api/core";
import { hasArrays, hasNumbers, isObject, isStr } from "../guards";
import { fetchTokenReport, tokenReportOptions } from "./token-report";

// Holder cohorts of a token: the app's own /api/token/cohorts (computed on the server, shared by every viewer).

export const COHORTS_PATH = "/api/token/cohorts";
/** The server recomputes a token's report at most this often; asking sooner returns the same report. */
export const COHORTS_REFRESH_MS = 30_000;

export const fetchCohorts = (ref: { chain: ChainId; address: string }, signal?: AbortSignal): Promise<CohortEnvelope> =>
  fetchTokenReport(COHORTS_PATH, ref, isCohortEnvelope, "cohort report", signal);

/** The report's frame (the server built it from cohortEnvelopeSchema): its lists, figures and definitions. */
export function isCohortEnvelope(x: unknown): x is CohortEnvelope {
  if (!isObject(x) || !hasNumbers(x.meta, ["asOf", "credits"])) return false;
  const d = x.data;
  return (
    isObject(d) &&
    isStr(d.chain) &&
    isStr(d.address) &&
    hasArrays(d, ["cohorts", "bundles", "seriesTimes", "trades"]) &&
    isObject(d.dev) &&
    hasNumbers(d.coverage, ["wallets", "fundingChecked", "fundingUnknown", "fundingSkipped"]) &&
    hasNumbers(d.rules, ["sniperWindowMs", "earlyWindowMs", "bundleMinWallets", "freshWindowMs", "recentWindowMs"])
  );
}

export const cohortsOptions = (ref: { chain: ChainId; address: string }) =>
  tokenReportOptions("cohorts", ref, fetchCohorts, COHORTS_REFRESH_MS);
