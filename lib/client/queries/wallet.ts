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
