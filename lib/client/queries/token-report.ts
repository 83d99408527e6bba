import { queryOptions } from "@tanstack/react-query";
import { ApiError, type ChainId, toApiError } from "@/lib/api/core";
import { observeServerTime } from "../server-clock";

// The app's own per-token reports (/api/token/cohorts, /api/token/traders): computed on the server, shared by every
// viewer, and recomputed at most every `refreshMs`, so asking sooner returns the same report.

export interface TokenReportRef {
  chain: ChainId;
  address: string;
}

/** GET `path` for one token; the answer is checked with a light guard (`isReport`), `what` names it in the error. */
export async function fetchTokenReport<T extends { meta: { asOf: number } }>(
  path: string,
  ref: TokenReportRef,
  isReport: (x: unknown) => x is T,
  what: string,
  signal?: AbortSignal,
): Promise<T> {
  const url = `${path}?${new URLSearchParams({ chain: ref.chain, address: ref.address })}`;
  let res: Response;
  try {
    res = await fetch(url, { signal, headers: { accept: "application/json" }, cache: "no-store" });
  } catch (err) {
    if (signal?.aborted) throw signal.reason ?? err;
    throw new ApiError("network_error", err instanceof Error ? err.message : "network request failed", { status: 0 });
  }
  const body: unknown = await res.json().catch(() => undefined);
  if (!res.ok) throw toApiError(res.status, body);
  if (!isReport(body)) throw new ApiError("upstream_bad_response", `${what} has an unexpected shape`, { status: 502 });
  observeServerTime(body.meta.asOf);
  return body;
}

/** A token's report as a query under `[name, chain, address]`, refetched every `refreshMs` while in view. */
export const tokenReportOptions = <N extends string, T>(
  name: N,
  ref: TokenReportRef,
  fetchReport: (ref: TokenReportRef, signal: AbortSignal) => Promise<T>,
  refreshMs: number,
) =>
  queryOptions({
    queryKey: [name, ref.chain, ref.address] as const,
    queryFn: ({ signal }) => fetchReport(ref, signal),
    staleTime: refreshMs - 5_000,
    refetchInterval: refreshMs,
  });
