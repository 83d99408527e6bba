import type { TokenPool } from "@/lib/api/core";

// Which pools feed the chart and the tape: the chosen one, or the token's top pools (rank 1 first); the service
// aggregates several pools into one series (§2.5).

export const DEFAULT_POOL_COUNT = 5;

export function rankedPools(pools: readonly TokenPool[]): TokenPool[] {
  return [...pools].sort((a, b) => a.rank - b.rank || (b.liquidityUsd ?? 0) - (a.liquidityUsd ?? 0));
}

export function selectPools(
  pools: readonly TokenPool[],
  chosen: string | null,
  fallback: string | null = null,
): string[] {
  const ranked = rankedPools(pools);
  if (chosen && ranked.some((p) => p.address === chosen)) return [chosen];
  const top = ranked.slice(0, DEFAULT_POOL_COUNT).map((p) => p.address);
  if (top.length > 0) return top;
  return fallback ? [fallback] : [];
}
