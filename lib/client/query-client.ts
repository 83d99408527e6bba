import {
  type DefaultError,
  defaultShouldDehydrateQuery,
  isServer,
  type Query,
  QueryCache,
  QueryClient,
  type QueryKey,
  type QueryOptions,
  type QueryState,
  type WithRequired,
} from "@tanstack/react-query";
import { ApiError } from "@/lib/api/core";

// TanStack's app-router pattern: a new client per server request, one per browser tab.

export const DEFAULT_STALE_TIME_MS = 15_000;
export const MAX_RETRIES = 2;

/** Never retry a 4xx (the request itself is wrong or over budget); retry 5xx and network failures up to twice. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (error instanceof ApiError) return error.status === 0 || error.status >= 500;
  return !(error instanceof DOMException && error.name === "AbortError");
}

/** Exponential backoff with jitter, capped at 8 s; honours Retry-After when the server sent one. */
export function retryDelay(failureCount: number, error: unknown, random: () => number = Math.random): number {
  if (error instanceof ApiError && error.retryAfterSec !== undefined)
    return Math.min(error.retryAfterSec * 1000, 30_000);
  const base = Math.min(500 * 2 ** failureCount, 8_000);
  return Math.round(base / 2 + random() * (base / 2));
}

/**
 * The query cache of one server render. A query with its own `gcTime` (e.g. the cards' sparklines) would otherwise
 * arm a garbage-collection timer on the server, and that timer keeps the query, its cache and so every list of the
 * render (a board is ~1 MB) alive for the whole `gcTime` after the response was sent: memory then grows with the
 * page rate. Here no query gets a timer; the cache goes with the request's client.
 */
class ServerQueryCache extends QueryCache {
  override build<
    TQueryFnData = unknown,
    TError = DefaultError,
    TData = TQueryFnData,
    TQueryKey extends QueryKey = QueryKey,
  >(
    client: QueryClient,
    options: WithRequired<QueryOptions<TQueryFnData, TError, TData, TQueryKey>, "queryKey">,
    state?: QueryState<TData, TError>,
  ): Query<TQueryFnData, TError, TData, TQueryKey> {
    return super.build(client, { ...options, gcTime: Number.POSITIVE_INFINITY }, state);
  }
}

/** `server`: a client for one server render (no timers; see ServerQueryCache); default: where this code runs. */
export function makeQueryClient({ server = isServer }: { server?: boolean } = {}): QueryClient {
  return new QueryClient({
    ...(server ? { queryCache: new ServerQueryCache() } : {}),
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_STALE_TIME_MS,
        retry: shouldRetry,
        retryDelay: (n, e) => retryDelay(n, e),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
      dehydrate: {
        // Streamed server prefetches: include pending queries so the client picks up the promise.
        shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || query.state.status === "pending",
      },
    },
  });
}

let browserClient: QueryClient | undefined;

/** Browser: the tab's client (created once). Server: a fresh client for every call — call it once per request. */
export function getQueryClient(): QueryClient {
  if (isServer) return makeQueryClient();
  browserClient ??= makeQueryClient();
  return browserClient;
}
