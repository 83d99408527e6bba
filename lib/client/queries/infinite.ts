import { type InfiniteData, infiniteQueryOptions } from "@tanstack/react-query";
import type { ChainId, EndpointId, Envelope, OhlcvInterval, Quote } from "@/lib/api";
import { apiFetch, type BodyInput, type QueryInput } from "../api-fetch";
import { apiKeys, type InfiniteKey, normalizeInput } from "../query-keys";
import type { TradeFilters } from "../trade-filters";
import { staleTimeFor } from "./shared";

// Every cursor of the spec as an infinite query, each with a page cap so history held in memory stays bounded.
export const MAX_TAPE_PAGES = 50;
export const MAX_WALLET_TRADE_PAGES = 50;
export const MAX_CANDLE_PAGES = 25;

type Page<K extends EndpointId> = Envelope<K>;
type Pages<K extends EndpointId, P> = InfiniteData<Envelope<K>, P>;

export interface TapeInput {
  chain: ChainId;
  address: string;
  pools: string[];
  limit?: number;
  filters?: TradeFilters;
}

/** §4.3: while `meta.hasMore`, pass `meta.nextCursor` as `cursor`. */
export function tokenTradesInfiniteOptions(input: TapeInput) {
  const q = normalizeInput({
    chain: input.chain,
    address: input.address,
    pools: input.pools,
    limit: input.limit,
    ...input.filters,
  }) as QueryInput<"tokenTrades">;
  return infiniteQueryOptions<
    Page<"tokenTrades">,
    Error,
    Pages<"tokenTrades", string | undefined>,
    InfiniteKey,
    string | undefined
  >({
    queryKey: apiKeys.infinite("tokenTrades", q),
    queryFn: ({ pageParam, signal }) => apiFetch("tokenTrades", { query: { ...q, cursor: pageParam } }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last, all) =>
      last.meta.hasMore && last.meta.nextCursor && all.length < MAX_TAPE_PAGES ? last.meta.nextCursor : undefined,
    staleTime: staleTimeFor("tokenTrades"),
    meta: { endpoint: "tokenTrades", query: q, pageParam: "cursor" },
  });
}

export interface MakersTapeInput {
  chain: ChainId;
  address: string;
  pools: string[];
  /** 1-2000 maker addresses (§4.3 POST twin). */
  makers: string[];
  limit?: number;
  filters?: Pick<TradeFilters, "type" | "washFilter"> & { fromAt?: number; toAt?: number };
}

/** §4.3 POST twin: the tape of up to 2000 makers; the cursor travels in the body. */
export function tokenTradesByMakersInfiniteOptions(input: MakersTapeInput) {
  const body = normalizeInput({
    chain: input.chain,
    address: input.address,
    pools: input.pools,
    makers: input.makers,
    limit: input.limit,
    ...input.filters,
  }) as BodyInput<"tokenTradesByMakers">;
  return infiniteQueryOptions<
    Page<"tokenTradesByMakers">,
    Error,
    Pages<"tokenTradesByMakers", string | undefined>,
    InfiniteKey,
    string | undefined
  >({
    queryKey: apiKeys.infinite("tokenTradesByMakers", body as object),
    queryFn: ({ pageParam, signal }) =>
      apiFetch(
        "tokenTradesByMakers",
        { body: { ...body, ...(pageParam ? { cursor: pageParam } : {}) } as BodyInput<"tokenTradesByMakers"> },
        signal,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last, all) =>
      last.meta.hasMore && last.meta.nextCursor && all.length < MAX_TAPE_PAGES ? last.meta.nextCursor : undefined,
    staleTime: staleTimeFor("tokenTradesByMakers"),
    meta: { endpoint: "tokenTradesByMakers", body, pageParam: "cursor" },
  });
}

export interface CandlesInput {
  chain: ChainId;
  address: string;
  pools: string[];
  interval?: OhlcvInterval;
  quote?: Quote;
  limit?: number;
}

/** §4.5: while `meta.hasMore`, call again with `endTime` = `meta.oldestTime` − 1 (endTime is inclusive). */
export function ohlcvInfiniteOptions(input: CandlesInput) {
  const q = normalizeInput({
    chain: input.chain,
    address: input.address,
    pools: input.pools,
    interval: input.interval ?? "5m",
    quote: input.quote ?? "native",
    limit: input.limit,
  }) as QueryInput<"ohlcv">;
  return infiniteQueryOptions<
    Page<"ohlcv">,
    Error,
    Pages<"ohlcv", number | undefined>,
    InfiniteKey,
    number | undefined
  >({
    queryKey: apiKeys.infinite("ohlcv", q),
    queryFn: ({ pageParam, signal }) => apiFetch("ohlcv", { query: { ...q, endTime: pageParam } }, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last, all) =>
      last.meta.hasMore && last.meta.oldestTime != null && last.meta.oldestTime > 0 && all.length < MAX_CANDLE_PAGES
        ? last.meta.oldestTime - 1
        : undefined,
    staleTime: staleTimeFor("ohlcv"),
    meta: { endpoint: "ohlcv", query: q, pageParam: "endTime" },
  });
}

export interface WalletTradesInput {
  chain: ChainId;
  wallet: string;
  limit?: number;
}

/**
 * §4.2: `meta.oldestAt` feeds the next `beforeAt` (EVM); Solana answers one page without a cursor. A page may hold
 * fewer than `limit` rows (a service never splits a millisecond across pages), so only an empty page ends history.
 */
export function walletTradesInfiniteOptions(input: WalletTradesInput) {
  const q = normalizeInput({
    chain: input.chain,
    wallet: input.wallet,
    limit: input.limit,
  }) as QueryInput<"walletTrades">;
  return infiniteQueryOptions<
    Page<"walletTrades">,
    Error,
    Pages<"walletTrades", number | undefined>,
    InfiniteKey,
    number | undefined
  >({
    queryKey: apiKeys.infinite("walletTrades", q),
    queryFn: ({ pageParam, signal }) => apiFetch("walletTrades", { query: { ...q, beforeAt: pageParam } }, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last, all) => {
      if (input.chain === "solana" || all.length >= MAX_WALLET_TRADE_PAGES) return undefined;
      const oldest = last.meta.oldestAt;
      return oldest != null && last.data.length > 0 ? oldest : undefined;
    },
    staleTime: staleTimeFor("walletTrades"),
    meta: { endpoint: "walletTrades", query: q, pageParam: "beforeAt" },
  });
}
