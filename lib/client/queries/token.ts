import { replaceEqualDeep } from "@tanstack/react-query";
import type { ChainId, Envelope, StatsWindow, TokenUpdate } from "@/lib/api/core";
import { mergeDetail, mergePrice } from "../stream/reducers/token-updates";
import { getQuery, postQuery } from "./shared";

export interface TokenRef {
  chain: ChainId;
  address: string;
}
const ref = ({ chain, address }: TokenRef) => ({ chain, address });

/**
 * A refetch that answers older data than the stream already wrote (a cached REST copy) keeps the live fields:
 * the token never jumps back in time.
 */
function keepLive<E extends { data: { updatedAt: number } }>(
  merge: (fresh: E["data"], live: TokenUpdate) => E["data"],
) {
  return (old: unknown, next: unknown): unknown => {
    const o = old as E | undefined;
    const n = next as E;
    const kept =
      o?.data && n?.data && o.data.updatedAt > n.data.updatedAt
        ? { ...n, data: merge(n.data, o.data as unknown as TokenUpdate) }
        : n;
    return replaceEqualDeep(old, kept);
  };
}

export const tokenOptions = (input: TokenRef) => ({
  ...getQuery("token", ref(input)),
  structuralSharing: keepLive<Envelope<"token">>(mergeDetail),
});
export const tokenPriceOptions = (input: TokenRef) => ({
  ...getQuery("tokenPrice", ref(input)),
  structuralSharing: keepLive<Envelope<"tokenPrice">>(mergePrice),
});
export const tokenMetadataOptions = (input: TokenRef) => getQuery("tokenMetadata", ref(input));
export const tokenSecurityOptions = (input: TokenRef) => getQuery("tokenSecurity", ref(input));

export const tokenPoolsOptions = (input: TokenRef & { limit?: number }) => getQuery("tokenPools", input);
export const tokenHoldersOptions = (input: TokenRef & { limit?: number }) => getQuery("tokenHolders", input);
export const tokenStatsOptions = (input: TokenRef & { windows?: StatsWindow[]; pools?: string[] }) =>
  getQuery("tokenStats", input);

// Batch twins keep input order (§1.9): the key keeps it too.
export const tokenBatchOptions = (input: { items: TokenRef[] }) =>
  postQuery("tokenBatch", { items: input.items.map(ref) });
export const tokenPriceBatchOptions = (input: { items: TokenRef[] }) =>
  postQuery("tokenPriceBatch", { items: input.items.map(ref) });
