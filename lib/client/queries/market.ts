import type { ChainId, PulseView } from "@/lib/api/core";
import { getQuery } from "./shared";

export interface SearchInput {
  q: string;
  chain?: ChainId;
  limit?: number;
}
export const searchOptions = (input: SearchInput) => getQuery("search", { ...input, q: input.q.trim() });

export interface PulseInput {
  view: PulseView;
  chains: ChainId[];
  limit?: number;
}
export const pulseOptions = (input: PulseInput) =>
  getQuery("pulse", { view: input.view, chains: [...new Set(input.chains)].sort(), limit: input.limit });

/** The list behind usePulseStream (the stream's snapshot size, so leavers are backfilled): prefetch this one. */
export const PULSE_STREAM_LIMIT = 100;
export const pulseStreamOptions = (input: { view: PulseView; chains: ChainId[] }) =>
  pulseOptions({ view: input.view, chains: input.chains, limit: PULSE_STREAM_LIMIT });

export const chainsOptions = () => getQuery("chains");

export const factoriesOptions = (input: { chain?: ChainId } = {}) => getQuery("factories", input);

export const NATIVE_PRICES_REFETCH_MS = 15_000;
export const nativePricesOptions = () => ({ ...getQuery("nativePrices"), refetchInterval: NATIVE_PRICES_REFETCH_MS });
