import { queryOptions } from "@tanstack/react-query";
import type { PublicUsage } from "@/lib/api/core";
import { hasNumbers, isObject, isStr } from "../guards";

/** The credits page refreshes this often: spend moves with every page anyone opens. */
export const USAGE_REFETCH_MS = 2_000;

async function fetchPublicUsage(signal: AbortSignal): Promise<PublicUsage> {
  const res = await fetch("/api/usage/public", { signal, cache: "no-store", headers: { accept: "application/json" } });
  if (!res.ok) throw new Error(`credits report unavailable (${res.status})`);
  const body: unknown = await res.json();
  if (!isObject(body) || !isPublicUsage(body.data)) throw new Error("credits report has an unexpected shape");
  return body.data;
}

/** GET /api/usage/public's figures (the server built them from publicUsageSchema). */
export function isPublicUsage(x: unknown): x is PublicUsage {
  return (
    hasNumbers(x, ["asOf", "spentToday", "spent", "savedByCache", "savedByCoalescing", "streamConnectionMinutes"]) &&
    isStr(x.day) &&
    (x.budgetPerDay === null || typeof x.budgetPerDay === "number") &&
    (x.remainingToday === null || typeof x.remainingToday === "number") &&
    isObject(x.byEndpoint) &&
    Object.values(x.byEndpoint).every((e) => hasNumbers(e, ["spent", "savedByCache", "savedByCoalescing"])) &&
    (x.polling === null || isPollingUsage(x.polling))
  );
}

function isPollingUsage(x: unknown): boolean {
  return (
    hasNumbers(x, ["budgetPerMinute", "lastMinute", "spent"]) &&
    hasNumbers(x.byChannel, ["trades", "ohlcv", "token-updates", "pulse"])
  );
}

/**
 * This site's market-data credits (GET /api/usage/public), polled while the page is open. Figures younger than one
 * poll are not asked for again on mount: the page's own HTML carries figures read as it was served, and reading them
 * again while the page hydrates only drew the table twice.
 */
export const publicUsageOptions = () =>
  queryOptions({
    queryKey: ["site", "usage", "public"] as const,
    queryFn: ({ signal }) => fetchPublicUsage(signal),
    refetchInterval: USAGE_REFETCH_MS,
    staleTime: USAGE_REFETCH_MS,
  });
