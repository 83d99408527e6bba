import type { ChainId, OhlcvInterval, Quote } from "@/lib/api/core";
import type { TradeFilters } from "../trade-filters";
import { pagedQuery } from "./shared";

// Every cursor of the spec as an infinite query, each with a page cap so history held in memory stays bounded.
/** A tape's older pages ask for the most rows a call may return (§4.3: 1-500): a call costs the same whatever its
 *  size, so scrolling back a day of a busy token takes a dozen calls, not sixty. The first page keeps the caller's
 *  limit (the service's default: 100) for a quick first paint. */
export const TAPE_OLDER_PAGE_ROWS = 500;
/** The first page and 20 older ones: ~10,000 rows, a busy token's last day. */
export const MAX_TAPE_PAGES = 21;
export const MAX_WALLET_TRADE_PAGES = 50;
export const MAX_CANDLE_PAGES = 25;

export interface TapeInput {
  chain: ChainId;
  address: string;
  pools: string[];
  limit?: number;
  filters?: TradeFilters;
}

const nextCursor = (last: { meta: { hasMore: boolean; nextCursor?: string | null } }) =>
  last.meta.hasMore && last.meta.nextCursor ? last.meta.nextCursor : undefined;

/** A tape page after the first asks for at least TAPE_OLDER_PAGE_ROWS (the first keeps the caller's limit). */
const olderPageLimit = (_cursor: string, input: { limit?: number }) => ({
  limit: Math.max(input.limit ?? 0, TAPE_OLDER_PAGE_ROWS),
});

/** §4.3: while `meta.hasMore`, pass `meta.nextCursor` as `cursor`. */
export function tokenTradesInfiniteOptions(input: TapeInput) {
  return pagedQuery({
    id: "tokenTrades",
    input: { chain: input.chain, address: input.address, pools: input.pools, limit: input.limit, ...input.filters },
    cursorField: "cursor",
    maxPages: MAX_TAPE_PAGES,
    next: nextCursor,
    olderPage: olderPageLimit,
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
  return pagedQuery({
    id: "tokenTradesByMakers",
    input: {
      chain: input.chain,
      address: input.address,
      pools: input.pools,
      makers: input.makers,
      limit: input.limit,
      ...input.filters,
    },
    cursorField: "cursor",
    maxPages: MAX_TAPE_PAGES,
    next: nextCursor,
    olderPage: olderPageLimit,
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
  return pagedQuery({
    id: "ohlcv",
    input: {
      chain: input.chain,
      address: input.address,
      pools: input.pools,
      interval: input.interval ?? "5m",
      quote: input.quote ?? "native",
      limit: input.limit,
    },
    cursorField: "endTime",
    maxPages: MAX_CANDLE_PAGES,
    next: (last) =>
      last.meta.hasMore && last.meta.oldestTime != null && last.meta.oldestTime > 0
        ? last.meta.oldestTime - 1
        : undefined,
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
  return pagedQuery({
    id: "walletTrades",
    input: { chain: input.chain, wallet: input.wallet, limit: input.limit },
    cursorField: "beforeAt",
    maxPages: MAX_WALLET_TRADE_PAGES,
    next: (last) => {
      if (input.chain === "solana") return undefined;
      const oldest = last.meta.oldestAt;
      return oldest != null && last.data.length > 0 ? oldest : undefined;
    },
  });
}
