import "server-only";
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { EndpointDef, EndpointId, Envelope } from "@/lib/api/endpoints";
import { endpoints } from "@/lib/api/endpoints";
import { toSearchParams, validateRequest } from "@/lib/api/validate";
import { callEndpoint } from "./proxy/call-endpoint";
import type { ProxyState } from "./proxy/state";

// Server components read market data here: the browser's query options (same key), the server's cache and ledger.

/** A browser `queryOptions` / `infiniteQueryOptions` object: its key and settings are kept, its queryFn replaced. */
export type BrowserQueryOptions = { queryKey: QueryKey; queryFn?: unknown } & object;

export interface EndpointRequest {
  query?: Record<string, unknown>;
  body?: unknown;
}

/** The envelope of one endpoint call, validated exactly as /api/v1 validates it; throws ApiError. */
export async function fetchEndpoint<K extends EndpointId>(
  id: K,
  input: EndpointRequest = {},
  opts?: { state?: ProxyState },
): Promise<Envelope<K>> {
  const def = endpoints[id] as EndpointDef;
  const v = validateRequest(
    def,
    toSearchParams(input.query ?? {}),
    def.method === "POST" ? (input.body ?? {}) : undefined,
  );
  if (!v.ok) throw v.error;
  const r = await callEndpoint(id, v.input, opts);
  return r.body;
}

/** `queryClient.prefetchQuery` with the client's options and a server-side queryFn (no HTTP to ourselves). */
export function prefetchEndpoint<K extends EndpointId>(
  queryClient: QueryClient,
  options: BrowserQueryOptions,
  id: K,
  input: EndpointRequest = {},
): Promise<void> {
  const { queryFn: _browserFn, ...rest } = options;
  return queryClient.prefetchQuery({ ...rest, queryFn: () => fetchEndpoint(id, input) } as Parameters<
    QueryClient["prefetchQuery"]
  >[0]);
}

/**
 * First page of an infinite query (tape, candles, wallet trades). `pageParam` names the query field the client's
 * options feed their page param into (`cursor`, `endTime`, `beforeAt`); the first page has none.
 */
export function prefetchInfiniteEndpoint<K extends EndpointId>(
  queryClient: QueryClient,
  options: BrowserQueryOptions,
  id: K,
  input: EndpointRequest,
  pageParam: string,
): Promise<void> {
  const { queryFn: _browserFn, ...rest } = options;
  const queryFn = ({ pageParam: p }: { pageParam: unknown }) =>
    fetchEndpoint(id, {
      ...input,
      query: { ...input.query, ...(p === undefined || p === null ? {} : { [pageParam]: p }) },
    });
  return queryClient.prefetchInfiniteQuery({ ...rest, queryFn } as unknown as Parameters<
    QueryClient["prefetchInfiniteQuery"]
  >[0]);
}
