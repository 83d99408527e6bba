import { type ChainId, PULSE_VIEWS, type PnlPeriod, type OhlcvInterval, type Quote } from "@/lib/api/core";
import type { TradeFilters } from "../trade-filters";
import { ohlcvInfiniteOptions, tokenTradesInfiniteOptions, walletTradesInfiniteOptions } from "./infinite";
import { chainsOptions, factoriesOptions, nativePricesOptions, pulseStreamOptions } from "./market";
import { type TokenRef, tokenMetadataOptions, tokenOptions, tokenPoolsOptions, tokenSecurityOptions } from "./token";
import { walletTradesInput } from "./wallet-trades-input";
import { walletFundingOptions, walletPnlOptions, walletPositionsOptions, walletProfileOptions } from "./wallet";

// One list per page: the queries its first paint reads. The server prefetches exactly these (prefetchQueries in
// lib/server/prefetch.ts) and the page's components read the same entries, so keys agree and nothing refetches.

/** Token page, beside the token detail itself: the panels' data. */
export const tokenPageQueries = (ref: TokenRef) => ({
  metadata: tokenMetadataOptions(ref),
  // Mint and freeze authorities are Solana concepts: EVM tokens neither show nor spend a credit on them.
  security: { ...tokenSecurityOptions(ref), enabled: ref.chain === "solana" },
  pools: tokenPoolsOptions(ref),
  factories: factoriesOptions({ chain: ref.chain }),
  // EVM charts draw USD at the current native price: server and browser render the same quote from the start.
  nativePrices: nativePricesOptions(),
});

export interface TokenHistoryInput extends TokenRef {
  pools: string[];
  interval: OhlcvInterval;
  quote: Quote;
  filters: TradeFilters;
}

/** Token page, once its pools are chosen: the chart's and the tape's first pages. */
export const tokenHistoryQueries = (input: TokenHistoryInput) => ({
  candles: ohlcvInfiniteOptions({
    chain: input.chain,
    address: input.address,
    pools: input.pools,
    interval: input.interval,
    quote: input.quote,
  }),
  tape: tokenTradesInfiniteOptions({
    chain: input.chain,
    address: input.address,
    pools: input.pools,
    filters: input.filters,
  }),
});

export interface WalletPageInput {
  address: string;
  /** The chain of positions, funding and trades. */
  chain: ChainId;
  /** The PnL view's chain (undefined: every chain of the family). */
  pnlChain: ChainId | undefined;
  period: PnlPeriod;
}

export const walletPageQueries = (input: WalletPageInput) => ({
  profile: walletProfileOptions({ address: input.address }),
  funding: walletFundingOptions({ chain: input.chain, wallet: input.address }),
  pnl: walletPnlOptions({ wallet: input.address, chain: input.pnlChain, period: input.period }),
  positions: walletPositionsOptions({ chain: input.chain, wallet: input.address }),
  trades: walletTradesInfiniteOptions(walletTradesInput(input.chain, input.address)),
  // The chain pickers' names (free): fetched after hydration, their arrival re-rendered the whole page.
  chains: chainsOptions(),
});

export type WalletPageQueries = ReturnType<typeof walletPageQueries>;

/** Pulse board: the three lists for the chosen chains, the chain list and the launchpad registry (both free). */
export const pulsePageQueries = (chains: ChainId[]) => ({
  lists: PULSE_VIEWS.map((view) => pulseStreamOptions({ view, chains })),
  chains: chainsOptions(),
  factories: factoriesOptions(),
});

export type PulsePageQueries = ReturnType<typeof pulsePageQueries>;

/** Multi-chart grid: each charted token's detail and pools (its candles follow once its pools are known), and the
 *  native prices EVM charts draw USD with. Tokens charted twice are asked once. */
export const chartsPageQueries = (tokens: readonly TokenRef[]) => {
  const unique = [...new Map(tokens.map((t) => [`${t.chain}|${t.address}`, t])).values()];
  return {
    tokens: unique.map((t) => tokenOptions(t)),
    pools: unique.map((t) => tokenPoolsOptions(t)),
    nativePrices: nativePricesOptions(),
  };
};
