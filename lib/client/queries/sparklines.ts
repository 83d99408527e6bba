import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../api-fetch";
import { createSparkBatcher, type SparkBatcher } from "./spark-batcher";

// Pulse cards' sparklines. One batcher per tab: every visible card of every column asks through it, so a scroll or a
// burst of new cards becomes one POST per chain per ≤100 pools. Each pool's series is then cached on its own (§4.13:
// credit per pool).

export const SPARK_TIMEFRAME = "1h";
const SPARK_STALE_MS = 60_000;
const SPARK_GC_MS = 5 * 60_000;

let batcher: SparkBatcher | undefined;
function sparkBatcher(): SparkBatcher {
  batcher ??= createSparkBatcher(async (chain, pools) => {
    const env = await apiFetch("sparklines", { body: { chain, pools, timeframe: SPARK_TIMEFRAME } });
    return env.data;
  });
  return batcher;
}

export const sparklineKey = (chain: string, pool: string) =>
  ["pulse", "sparkline", SPARK_TIMEFRAME, chain, pool] as const;

/** A pool's recent closes (oldest first), asked through the tab's batcher. */
export const sparklineOptions = (input: { chain: string; pool: string }) =>
  queryOptions({
    queryKey: sparklineKey(input.chain, input.pool),
    queryFn: () => sparkBatcher().load(input.chain, input.pool),
    staleTime: SPARK_STALE_MS,
    gcTime: SPARK_GC_MS,
    retry: 1,
    refetchOnWindowFocus: false,
  });
