import { defaultShouldDehydrateQuery, isServer, QueryClient } from "@tanstack/react-query";
import { ApiError } from "@/lib/api";

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

export function makeQueryClient(): QueryClient {
  return new QueryClient({
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
