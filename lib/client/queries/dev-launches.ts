import { queryOptions } from "@tanstack/react-query";
import type { BatchSlot, ChainId, TokenDetail } from "@/lib/api/core";
import { apiFetch } from "../api-fetch";

// The dev dossier's reads: the details of tokens a deployer traded, and the sparklines of those it deployed, each
// sparkline at the timeframe that still shows the launch (token page, cohort panel; the component builds its rows).

export interface DevLaunchesInput {
  chain: ChainId;
  dev: string;
  /** Tokens the dev traded, besides the one on the page. */
  tokens: readonly string[];
}

export interface DevLaunchesData {
  details: BatchSlot<TokenDetail>[];
  /** Closes by pool address, for the tokens the dev deployed. */
  sparks: Record<string, number[]>;
}

/** The sparkline timeframe that still shows a launch of this age in its finest closes. */
export function sparkTimeframe(ageMs: number): "1h" | "24h" | "7d" {
  return ageMs <= 3600_000 ? "1h" : ageMs <= 86_400_000 ? "24h" : "7d";
}

export const devLaunchesOptions = ({ chain, dev, tokens }: DevLaunchesInput) =>
  queryOptions({
    queryKey: ["dev-dossier", chain, dev, tokens] as const,
    staleTime: 60_000,
    queryFn: async ({ signal }): Promise<DevLaunchesData> => {
      if (tokens.length === 0) return { details: [], sparks: {} };
      const details = await apiFetch(
        "tokenBatch",
        { body: { items: tokens.map((address) => ({ chain, address })) } },
        signal,
      );
      const mine = details.data.flatMap((s) => ("data" in s && s.data.deployer === dev && s.data.pool ? [s.data] : []));
      const sparks: Record<string, number[]> = {};
      const byFrame = new Map<string, string[]>();
      for (const d of mine) {
        const f = sparkTimeframe(Date.now() - d.createdAt);
        byFrame.set(f, [...(byFrame.get(f) ?? []), d.pool?.address as string]);
      }
      for (const [timeframe, pools] of byFrame) {
        const env = await apiFetch(
          "sparklines",
          { body: { chain, pools, timeframe: timeframe as "1h" | "24h" | "7d" } },
          signal,
        );
        Object.assign(sparks, env.data);
      }
      return { details: details.data, sparks };
    },
  });
