import type { ChainId, StatsWindow } from "@/lib/api";
import { getQuery, postQuery } from "./shared";

export interface TokenRef {
  chain: ChainId;
  address: string;
}
const ref = ({ chain, address }: TokenRef) => ({ chain, address });

export const tokenOptions = (input: TokenRef) => getQuery("token", ref(input));
export const tokenPriceOptions = (input: TokenRef) => getQuery("tokenPrice", ref(input));
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
export const tokenSecurityBatchOptions = (input: { items: TokenRef[] }) =>
  postQuery("tokenSecurityBatch", { items: input.items.map(ref) });
