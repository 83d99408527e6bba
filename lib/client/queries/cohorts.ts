import { queryOptions } from "@tanstack/react-query";
import { ApiError, type ChainId, type CohortEnvelope, cohortEnvelopeSchema, toApiError } from "@/lib/api";
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
  const parsed = cohortEnvelopeSchema.safeParse(body);
  if (!parsed.success)
    throw new ApiError("upstream_bad_response", "cohort report has an unexpected shape", { status: 502 });
  observeServerTime(parsed.data.meta.asOf);
  return parsed.data;
}

export const cohortsOptions = (ref: { chain: ChainId; address: string }) =>
  queryOptions({
    queryKey: ["cohorts", ref.chain, ref.address] as const,
    queryFn: ({ signal }) => fetchCohorts(ref, signal),
    staleTime: COHORTS_REFRESH_MS - 5_000,
    refetchInterval: COHORTS_REFRESH_MS,
  });
