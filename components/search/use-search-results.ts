"use client";

import { useQuery } from "@tanstack/react-query";
import type { ChainId, SearchResult } from "@/lib/api/core";
import { searchOptions } from "@/lib/client/queries";
import { queryAddress } from "./search-target";
import { useDebouncedValue } from "./use-debounced-value";

export const SEARCH_DEBOUNCE_MS = 180;
export const SEARCH_LIMIT = 12;
/** Text shorter than this is not sent (each search costs 5 credits, §8); addresses always are. */
export const SEARCH_MIN_CHARS = 2;

export function searchInput(q: string, chain: ChainId | undefined) {
  return { q: q.trim(), chain, limit: SEARCH_LIMIT };
}

export function isSearchable(q: string): boolean {
  const t = q.trim();
  return t.length >= SEARCH_MIN_CHARS || queryAddress(t) !== null;
}

export interface SearchState {
  /** The query the shown results answer (debounced); results are never those of an earlier query. */
  settled: string;
  results: SearchResult[];
  /** True while the latest typed text has no answer yet. */
  pending: boolean;
  error: unknown;
  refetch: () => void;
}

/**
 * Debounced search. Each query has its own cache entry, so a slow answer to an older query lands in that entry and is
 * never shown for the newer one (out-of-order safe); no placeholder data carries old rows over.
 */
export function useSearchResults(q: string, chain: ChainId | undefined): SearchState {
  const typed = q.trim();
  const settled = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const enabled = isSearchable(settled);
  const query = useQuery({ ...searchOptions(searchInput(settled, chain)), enabled });
  const current = enabled && settled === typed;
  return {
    settled,
    results: current && query.data ? query.data.data : [],
    pending: isSearchable(typed) && (!current || query.isPending || (query.isFetching && !query.data)),
    error: current ? query.error : null,
    refetch: () => void query.refetch(),
  };
}
