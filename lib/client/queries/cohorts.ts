import { queryOptions } from "@tanstack/react-query";
import { ApiError, type ChainId, type CohortEnvelope, toApiError } from "@/lib/api/core";
import { hasArrays, hasNumbers, isObject, isStr } from "../guards";
import { observeServerTime } from "../server-clock";

// Holder cohorts of a token: the app's own /api/token/cohorts (computed on the server, shared by every viewer).

export const COHORTS_PATH = "/api/token/cohorts";
/** The server recomputes a token's report at most this often; asking sooner returns the same report. */
export const COHORTS_REFRESH_MS = 30_000;

export async function fetchCohorts(
  ref: { chain: ChainId; address: string },
  signal?: AbortSignal,
): Promise<CohortEnvelope> {
  const url = `${COHORTS_PATH}?${new URLSearchParams({ chain: ref.chain, address: ref.address })}`;
  let res: Response;
  try {
    res = await fetch(url, { signal, headers: { accept: "application/json" }, cache: "no-store" });
  } catch (err) {
    if (signal?.aborted) throw signal.reason ?? err;
    throw new ApiError("network_error", err instanceof Error ? err.message : "network request failed", { status: 0 });
  }
  const body: unknown = await res.json().catch(() => undefined);
  if (!res.ok) throw toApiError(res.status, body);
  if (!isCohortEnvelope(body))
    throw new ApiError("upstream_bad_response", "cohort report has an unexpected shape", { status: 502 });
  observeServerTime(body.meta.asOf);
  return body;
}

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
  queryOptions({
    queryKey: ["cohorts", ref.chain, ref.address] as const,
    queryFn: ({ signal }) => fetchCohorts(ref, signal),
    staleTime: COHORTS_REFRESH_MS - 5_000,
    refetchInterval: COHORTS_REFRESH_MS,
  });
