import { queryOptions } from "@tanstack/react-query";
import { ApiError, type ChainId, isTradersEnvelope, type TradersEnvelope, toApiError } from "@/lib/api/core";
import { observeServerTime } from "../server-clock";

// A token's top traders: the app's own /api/token/traders (computed on the server, shared by every viewer).

export const TRADERS_PATH = "/api/token/traders";
/** The server recomputes a token's report at most this often; asking sooner returns the same report. */
export const TRADERS_REFRESH_MS = 30_000;

export async function fetchTraders(
  ref: { chain: ChainId; address: string },
  signal?: AbortSignal,
): Promise<TradersEnvelope> {
  const url = `${TRADERS_PATH}?${new URLSearchParams({ chain: ref.chain, address: ref.address })}`;
  let res: Response;
  try {
    res = await fetch(url, { signal, headers: { accept: "application/json" }, cache: "no-store" });
  } catch (err) {
    if (signal?.aborted) throw signal.reason ?? err;
    throw new ApiError("network_error", err instanceof Error ? err.message : "network request failed", { status: 0 });
  }
  const body: unknown = await res.json().catch(() => undefined);
  if (!res.ok) throw toApiError(res.status, body);
  if (!isTradersEnvelope(body))
    throw new ApiError("upstream_bad_response", "traders report has an unexpected shape", { status: 502 });
  observeServerTime(body.meta.asOf);
  return body;
}

export const tradersOptions = (ref: { chain: ChainId; address: string }) =>
  queryOptions({
    queryKey: ["traders", ref.chain, ref.address] as const,
    queryFn: ({ signal }) => fetchTraders(ref, signal),
    staleTime: TRADERS_REFRESH_MS - 5_000,
    refetchInterval: TRADERS_REFRESH_MS,
  });
