import { queryOptions } from "@tanstack/react-query";
import { ENDPOINT_ROUTES, type EndpointId } from "@/lib/api/core";
import { apiFetch, type BodyInput, type QueryInput } from "../api-fetch";
import { apiKeys, normalizeInput } from "../query-keys";

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
