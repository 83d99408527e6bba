import "server-only";
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { EndpointDef, EndpointId, Envelope } from "@/lib/api/endpoints";
import { endpoints } from "@/lib/api/endpoints";
import { validateInput } from "@/lib/api/validate";
import { callEndpoint } from "./proxy/call-endpoint";
import type { ProxyState } from "./proxy/state";

// Server components read market data here: the browser's query options (same key), the server's cache and ledger.

export interface EndpointRequest {
  query?: Record<string, unknown>;
  body?: unknown;
}

/**
 * A browser `queryOptions` / `infiniteQueryOptions` object from lib/client/queries: its key and settings are kept, its
 * queryFn replaced. Its `meta` names the endpoint and the normalised input (and, for an infinite query, the field
 * its page param goes into), so the server asks exactly what the browser would.
 */
export type BrowserQueryOptions = {
  queryKey: QueryKey;
  queryFn?: unknown;
  meta?: Record<string, unknown>;
  enabled?: unknown;
} & object;

/** The envelope of one endpoint call, validated exactly as /api/v1 validates it; throws ApiError. */
export async function fetchEndpoint<K extends EndpointId>(
  id: K,
  input: EndpointRequest = {},
  opts?: { state?: ProxyState },
): Promise<Envelope<K>> {
  const v = validateInput(endpoints[id] as EndpointDef, input);
  if (!v.ok) throw v.error;
  const r = await callEndpoint(id, v.input, opts);
  return r.body;
}

function requestOf(options: BrowserQueryOptions): { id: EndpointId; input: EndpointRequest; pageParam?: string } {
  const meta = options.meta as { endpoint?: string; query?: object; body?: unknown; pageParam?: string } | undefined;
  if (!meta?.endpoint || !Object.hasOwn(endpoints, meta.endpoint))
    throw new Error(`query ${JSON.stringify(options.queryKey)} has no meta.endpoint: build it with lib/client/queries`);
  const input = { query: meta.query as Record<string, unknown> | undefined, body: meta.body };
  return { id: meta.endpoint as EndpointId, input, pageParam: meta.pageParam };
}

type DataOf<O> = O extends { queryFn?: infer F } ? (F extends (...args: never[]) => infer R ? Awaited<R> : never) : never;

/** The data of one browser query, fetched on the server (validated, cached, no HTTP to ourselves); throws ApiError. */
export function fetchQueryData<O extends BrowserQueryOptions>(options: O): Promise<DataOf<O>> {
  const { id, input } = requestOf(options);
  return fetchEndpoint(id, input) as Promise<DataOf<O>>;
}

/**
 * `queryClient.prefetchQuery` (or, for an infinite query, its first page) with the browser's options and a
 * server-side queryFn: no HTTP to ourselves.
 */
export function prefetchQuery(queryClient: QueryClient, options: BrowserQueryOptions): Promise<void> {
  const { id, input, pageParam } = requestOf(options);
  const { queryFn: _browserFn, ...rest } = options;
  if (pageParam === undefined)
    return queryClient.prefetchQuery({ ...rest, queryFn: () => fetchEndpoint(id, input) } as Parameters<
      QueryClient["prefetchQuery"]
    >[0]);
  const post = endpoints[id].method === "POST";
  const queryFn = ({ pageParam: p }: { pageParam: unknown }) => {
    const page = p === undefined || p === null ? {} : { [pageParam]: p };
    return fetchEndpoint(
      id,
      post ? { body: { ...(input.body as object), ...page } } : { query: { ...input.query, ...page } },
    );
  };
  return queryClient.prefetchInfiniteQuery({ ...rest, queryFn } as unknown as Parameters<
    QueryClient["prefetchInfiniteQuery"]
  >[0]);
}

/** Every query of a page's list (lib/client/queries/pages.ts) that the browser will run (`enabled` not false). */
export async function prefetchQueries(
  queryClient: QueryClient,
  list: Record<string, BrowserQueryOptions | readonly BrowserQueryOptions[]>,
): Promise<void> {
  const all = Object.values(list).flatMap((o) => (Array.isArray(o) ? o : [o]) as BrowserQueryOptions[]);
  await Promise.all(all.filter((o) => o.enabled !== false).map((o) => prefetchQuery(queryClient, o)));
}
