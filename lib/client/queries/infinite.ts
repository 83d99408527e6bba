import { type InfiniteData, infiniteQueryOptions } from "@tanstack/react-query";
import type { ChainId, EndpointId, Envelope, OhlcvInterval, Quote } from "@/lib/api/core";
import { apiFetch, type BodyInput, type QueryInput } from "../api-fetch";
import { apiKeys, type InfiniteKey, normalizeInput } from "../query-keys";
import type { TradeFilters } from "../trade-filters";
import { staleTimeFor } from "./shared";

// Every cursor of the spec as an infinite query, each with a page cap so history held in memory stays bounded.
/** A tape's older pages ask for the most rows a call may return (§4.3: 1-500): a call costs the same whatever its
 *  size, so scrolling back a day of a busy token takes a dozen calls, not sixty. The first page keeps the caller's
 *  limit (the service's default: 100) for a quick first paint. */
export const TAPE_OLDER_PAGE_ROWS = 500;
/** The first page and 20 older ones: ~10,000 rows, a busy token's last day. */
export const MAX_TAPE_PAGES = 21;
export const MAX_WALLET_TRADE_PAGES = 50;
export const MAX_CANDLE_PAGES = 25;

type Page<K extends EndpointId> = Envelope<K>;
type Pages<K extends EndpointId, P> = InfiniteData<Envelope<K>, P>;

/**
 * One cursor of the spec as an infinite query: `page(cursor)` asks for a page, `next(lastPage)` says the cursor of the
 * one after it (undefined: no more), and at `maxPages` paging stops. `meta` carries the normalised input and the field
 * the cursor goes into, for the server prefetch.
 */
function pagedOptions<K extends EndpointId, P extends string | number>(p: {
  id: K;
  input: object;
  cursorField: string;
  maxPages: number;
  page: (cursor: P | undefined, signal: AbortSignal) => Promise<Page<K>>;
  next: (last: Page<K>) => P | undefined;
  meta: { query: object } | { body: object };
}) {
  return infiniteQueryOptions<Page<K>, Error, Pages<K, P | undefined>, InfiniteKey, P | undefined>({
    queryKey: apiKeys.infinite(p.id, p.input),
    queryFn: ({ pageParam, signal }) => p.page(pageParam as P | undefined, signal),
    initialPageParam: undefined as P | undefined,
    getNextPageParam: (last, all) => (all.length < p.maxPages ? p.next(last) : undefined),
    staleTime: staleTimeFor(p.id),
    meta: { endpoint: p.id, ...p.meta, pageParam: p.cursorField },
  });
}

export interface TapeInput {
  chain: ChainId;
  address: string;
  pools: string[];
  limit?: number;
  filters?: TradeFilters;
}

const nextCursor = (last: { meta: { hasMore: boolean; nextCursor?: string | null } }) =>
  last.meta.hasMore && last.meta.nextCursor ? last.meta.nextCursor : undefined;

/** The limit of a tape page after the first (none for the first: the caller's or the service's default). */
function olderPageLimit(cursor: string | undefined, limit: number | undefined): { limit?: number } {
  return cursor === undefined ? {} : { limit: Math.max(limit ?? 0, TAPE_OLDER_PAGE_ROWS) };
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
  return pagedOptions<"tokenTrades", string>({
    id: "tokenTrades",
    input: q,
    cursorField: "cursor",
    maxPages: MAX_TAPE_PAGES,
    page: (cursor, signal) =>
      apiFetch("tokenTrades", { query: { ...q, cursor, ...olderPageLimit(cursor, q.limit) } }, signal),
    next: nextCursor,
    meta: { query: q },
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
  return pagedOptions<"tokenTradesByMakers", string>({
    id: "tokenTradesByMakers",
    input: body as object,
    cursorField: "cursor",
    maxPages: MAX_TAPE_PAGES,
    page: (cursor, signal) =>
      apiFetch(
        "tokenTradesByMakers",
        {
          body: {
            ...body,
            ...(cursor ? { cursor, ...olderPageLimit(cursor, body.limit) } : {}),
          } as BodyInput<"tokenTradesByMakers">,
        },
        signal,
      ),
    next: nextCursor,
    meta: { body: body as object },
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
  return pagedOptions<"ohlcv", number>({
    id: "ohlcv",
    input: q,
    cursorField: "endTime",
    maxPages: MAX_CANDLE_PAGES,
    page: (endTime, signal) => apiFetch("ohlcv", { query: { ...q, endTime } }, signal),
    next: (last) =>
      last.meta.hasMore && last.meta.oldestTime != null && last.meta.oldestTime > 0
        ? last.meta.oldestTime - 1
        : undefined,
    meta: { query: q },
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
  return pagedOptions<"walletTrades", number>({
    id: "walletTrades",
    input: q,
    cursorField: "beforeAt",
    maxPages: MAX_WALLET_TRADE_PAGES,
    page: (beforeAt, signal) => apiFetch("walletTrades", { query: { ...q, beforeAt } }, signal),
    next: (last) => {
      if (input.chain === "solana") return undefined;
      const oldest = last.meta.oldestAt;
      return oldest != null && last.data.length > 0 ? oldest : undefined;
    },
    meta: { query: q },
  });
}
