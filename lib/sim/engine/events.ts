import type { ChainId } from "@/lib/api";

// Raw events as a chain (and the identity harvester) emits them. The index derives every view from these.

interface OnChain {
  at: number;
  chain: ChainId;
  txHash: string;
  /** Block number (EVM) or slot (Solana). */
  block: number;
  logIndex: number;
}

export interface TokenMeta {
  description: string | null;
  iconUrl: string | null;
  websiteUrl: string | null;
  twitterUrl: string | null;
  telegramUrl: string | null;
  discordUrl: string | null;
  hostile: string | null;
}

export interface TokenCreated extends OnChain {
  type: "token";
  token: string;
  name: string;
  symbol: string;
  decimals: number;
  totalSupply: number;
  creator: string;
  /** Launchpad factory address; null for established tokens. */
  factory: string | null;
  meta: TokenMeta;
}

export interface PoolCreated extends OnChain {
  type: "pool";
  pool: string;
  token: string;
  poolType: string;
  /** Launchpad factory (curves) or DEX factory address. */
  factory: string;
  dex: string;
  quoteAddress: string;
  quoteSymbol: string;
  feeBps: number;
  reserveNative: number;
  priceNative: number;
  curve: boolean;
}

export interface SwapLog extends OnChain {
  type: "swap";
  pool: string;
  token: string;
  /** The account that called the pool (router, solver or the trader). */
  sender: string;
  /** The real trader the indexer attributes the swap to. */
  origin: string;
  isBuy: boolean;
  amountToken: number;
  /** Gross native in (buy) or out (sell). */
  amountNative: number;
  feeNative: number;
  /** Pool state after the swap (Sync-style): real native reserve and spot price. */
  reserveNative: number;
  priceNative: number;
  /** Base: swaps are seen preconfirmed ~2.5 s before their block; a `confirm` or `revert` follows. */
  preconfirmed: boolean;
}

export interface TxConfirmed {
  type: "confirm";
  at: number;
  chain: ChainId;
  txHash: string;
  block: number;
}

export interface TxReverted {
  type: "revert";
  at: number;
  chain: ChainId;
  txHash: string;
  block: number;
}

export interface Migration extends OnChain {
  type: "migration";
  token: string;
  fromPool: string;
  /** Destination pool; its `pool` event follows a few seconds later. */
  toPool: string;
}

export interface NativeTransfer extends OnChain {
  type: "transfer";
  from: string;
  to: string;
  /** Integer amount in the chain's smallest unit. */
  amountNative: string;
  fromTag: string | null;
}

export interface IdentityHarvested {
  type: "identity";
  at: number;
  group: string;
  wallets: string[];
  displayName: string | null;
  avatarUrl: string | null;
  ensName: string | null;
  basename: string | null;
  solName: string | null;
  bio: string | null;
  socials: Record<string, string>;
  followerCounts: Record<string, number>;
  sources: string[];
  isProTrader: boolean;
}

/** Not on-chain: the market stops tracking a long-dead token (memory bound). */
export interface TokenRetired {
  type: "retire";
  at: number;
  chain: ChainId;
  token: string;
}

/** Archive backfill (read on demand, not streamed): coarse candles of a pool from before the fine window. */
export interface PoolHistory {
  type: "history";
  at: number;
  chain: ChainId;
  token: string;
  pool: string;
  /** 60 (minutes) or 3600 (hours). */
  stepSec: number;
  time: number[];
  open: number[];
  high: number[];
  low: number[];
  close: number[];
  /** Native volume per bucket. */
  volume: number[];
  /** Trade and buy counts per bucket (stats backfill). */
  trades: number[];
  buys: number[];
}

export type RawEvent =
  | TokenCreated
  | PoolCreated
  | SwapLog
  | TxConfirmed
  | TxReverted
  | Migration
  | NativeTransfer
  | IdentityHarvested
  | TokenRetired;
