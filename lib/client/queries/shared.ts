import { type InfiniteData, infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { ENDPOINT_ROUTES, type EndpointId, type Envelope } from "@/lib/api/core";
import { apiFetch, type BodyInput, type QueryInput } from "../api-fetch";
import { apiKeys, type InfiniteKey, normalizeInput } from "../query-keys";

const MIN_STALE_MS = 10_000;
const MAX_STALE_MS = 60 * 60_000;

/** Registry cache TTL, floored so hydrated data is not refetched at once (live data comes from the stream). */
export function staleTimeFor(id: EndpointId): number {
  return Math.min(Math.max(ENDPOINT_ROUTES[id].ttlMs, MIN_STALE_MS), MAX_STALE_MS);
}

/** `meta` names the endpoint and its input (server prefetch reuses them). The same normalised input goes into the key and the request, so server and browser agree byte for byte. */
export function getQuery<K extends EndpointId>(id: K, query: QueryInput<K> = {}) {
  const q = normalizeInput(query) as QueryInput<K>;
  return queryOptions({
    queryKey: apiKeys.endpoint(id, q as object),
    queryFn: ({ signal }) => apiFetch(id, { query: q }, signal),
    staleTime: staleTimeFor(id),
    meta: { endpoint: id, query: q },
  });
}

export function postQuery<K extends EndpointId>(id: K, body: BodyInput<K>) {
  const b = normalizeInput(body) as BodyInput<K>;
  return queryOptions({
    queryKey: apiKeys.endpoint(id, {}, b),
    queryFn: ({ signal }) => apiFetch(id, { body: b }, signal),
    staleTime: staleTimeFor(id),
    meta: { endpoint: id, body: b },
  });
}

/**
 * One cursor of the spec as an infinite query, `meta` as above plus the field the cursor goes into (for the server
 * prefetch). The first page asks with the normalised input alone; each later one adds the cursor `next(lastPage)`
 * gave (undefined: no more) as `cursorField`, with what `olderPage` adds, in the query or (a POST endpoint) the body.
 * At `maxPages` paging stops, so the history held in memory stays bounded.
 */
export function pagedQuery<K extends EndpointId, P extends string | number, I extends object>(p: {
  id: K;
  input: I;
  cursorField: string;
  maxPages: number;
  next: (last: Envelope<K>) => P | undefined;
  olderPage?: (cursor: P, input: I) => object;
}) {
  const input = normalizeInput(p.input) as I;
  const inBody = ENDPOINT_ROUTES[p.id].method === "POST";
  type Cursor = P | undefined;
  const request = (cursor: Cursor): object =>
    cursor === undefined ? input : { ...input, [p.cursorField]: cursor, ...p.olderPage?.(cursor, input) };
  return infiniteQueryOptions<Envelope<K>, Error, InfiniteData<Envelope<K>, Cursor>, InfiniteKey, Cursor>({
    queryKey: apiKeys.infinite(p.id, input),
    queryFn: ({ pageParam, signal }) => {
      const r = request(pageParam as Cursor);
      return apiFetch(p.id, inBody ? { body: r as BodyInput<K> } : { query: r as QueryInput<K> }, signal);
    },
    initialPageParam: undefined,
    getNextPageParam: (last, all) => (all.length < p.maxPages ? p.next(last) : undefined),
    staleTime: staleTimeFor(p.id),
    meta: { endpoint: p.id, ...(inBody ? { body: input } : { query: input }), pageParam: p.cursorField },
  });
}
