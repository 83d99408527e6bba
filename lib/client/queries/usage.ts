import { queryOptions } from "@tanstack/react-query";
import { type PublicUsage, publicUsageEnvelopeSchema } from "@/lib/api/usage";

/** The credits page refreshes this often: spend moves with every page anyone opens. */
export const USAGE_REFETCH_MS = 2_000;

async function fetchPublicUsage(signal: AbortSignal): Promise<PublicUsage> {
  const res = await fetch("/api/usage/public", { signal, cache: "no-store", headers: { accept: "application/json" } });
  if (!res.ok) throw new Error(`credits report unavailable (${res.status})`);
  return publicUsageEnvelopeSchema.parse(await res.json()).data;
}

/** This site's market-data credits (GET /api/usage/public), polled while the page is open. */
export const publicUsageOptions = () =>
  queryOptions({
    queryKey: ["site", "usage", "public"] as const,
    queryFn: ({ signal }) => fetchPublicUsage(signal),
    refetchInterval: USAGE_REFETCH_MS,
    staleTime: 0,
  });
