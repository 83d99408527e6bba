import type { ChainId, PnlPeriod } from "@/lib/api/core";
import { getQuery, postQuery } from "./shared";

export interface WalletRef {
  chain: ChainId;
  wallet: string;
}

export const walletProfileOptions = (input: { address: string }) =>
  getQuery("walletProfile", { address: input.address });
export const walletProfilesBatchOptions = (input: { addresses: string[] }) =>
  postQuery("walletProfileBatch", { items: input.addresses.map((address) => ({ address })) });
export const walletPositionsOptions = (input: WalletRef) =>
  getQuery("walletPositions", { chain: input.chain, wallet: input.wallet });
export const walletPnlOptions = (input: { wallet: string; chain?: ChainId; period?: PnlPeriod }) =>
  getQuery("walletPnl", input);
export const walletFundingOptions = (input: WalletRef) =>
  getQuery("walletFunding", { chain: input.chain, wallet: input.wallet });
/** §4.2 newest page of a wallet's trades (the tracker's poll; history pages: walletTradesInfiniteOptions). */
export const walletTradesOptions = (input: WalletRef & { limit?: number }) =>
  getQuery("walletTrades", { chain: input.chain, wallet: input.wallet, limit: input.limit });
