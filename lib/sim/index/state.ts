import type { ChainId } from "@/lib/api";
import type { TokenCreated, TokenMeta } from "../engine/events";
import type { SimFactory } from "../engine/factories";
import { CandleSeries } from "./candle-series";
import type { MakerSketch } from "./maker-sketch";
import type { TradeRecord } from "./records";
import { Tape } from "./tape";
import { newWickVol, type WickVol } from "./wick-band";

// Index-side state of tokens and pools, built only from events.

export interface IndexCaps {
  /** Trade records kept per token tape. */
  tapePerToken: number;
  /** Trade records kept across all tapes (older tapes of quiet tokens are trimmed first). */
  tapeTotal: number;
  /** Live rows kept packed across all tapes once their tape let go of them (lib/sim/index/cold-tape.ts). */
  coldTotal: number;
  /** 1 s buckets kept per pool, and for at most this many seconds. */
  secondsPerPool: number;
  /** 1 m buckets kept per pool (a bit over a day: also the 24 h stats window). */
  minutesPerPool: number;
  /** 1 h buckets kept per pool (~6 months). */
  hoursPerPool: number;
  /** Wallets with indexed activity. */
  wallets: number;
  /** Trade records per wallet, and across all wallets. */
  tradesPerWallet: number;
  walletTradesTotal: number;
  /** Positions per wallet (closed ones go first), and across all wallets. */
  positionsPerWallet: number;
  positionsTotal: number;
  /** Distinct makers remembered per token (tx counts, sniper badge, makers stats). */
  makersPerToken: number;
  /** Funding records. */
  fundings: number;
}

export const DEFAULT_INDEX_CAPS: IndexCaps = {
  tapePerToken: 8000, // a busy token's last 24 h (~6,000 trades) within the global budget below
  tapeTotal: 120_000,
  coldTotal: 3_000_000, // ~25 h of the whole market's trading at default rates (~105,000 rows an hour), ~71 bytes a row
  secondsPerPool: 1800,
  minutesPerPool: 1500,
  hoursPerPool: 4400,
  wallets: 20_000,
  tradesPerWallet: 1000,
  walletTradesTotal: 120_000,
  positionsPerWallet: 300,
  positionsTotal: 60_000,
  makersPerToken: 20_000, // a busy token's last hours of distinct wallets (hundreds every 5 minutes on Solana)
  fundings: 60_000,
};

export interface MakerStat {
  buys: number;
  sells: number;
  firstBuyAt: number;
  lastAt: number;
}

export interface IndexedPool {
  chain: ChainId;
  address: string;
  token: string;
  type: string;
  factory: string;
  dex: string;
  quoteAddress: string;
  quoteSymbol: string;
  feeBps: number;
  createdAt: number;
  curve: boolean;
  reserveNative: number;
  priceNative: number;
  s1: CandleSeries;
  m1: CandleSeries;
  h1: CandleSeries;
  /** maker → last trade time, for windowed makers counts restricted to pools. */
  makers: Map<string, number>;
  /** Loads the token's archived history on first use (established tokens). */
  hydrate: (() => void) | null;
}

export interface IndexedToken {
  key: string;
  seq: number;
  chain: ChainId;
  address: string;
  name: string;
  symbol: string;
  searchName: string;
  searchSymbol: string;
  decimals: number;
  totalSupply: number;
  createdAt: number;
  creator: string;
  factory: SimFactory | null;
  meta: TokenMeta;
  nameRank: number;
  pools: IndexedPool[];
  pricing: IndexedPool | null;
  curvePool: IndexedPool | null;
  bondingProgress: number | null;
  migrated: boolean;
  graduatedAt: number | null;
  tape: Tape;
  makers: Map<string, MakerStat>;
  /** Makers are known from this time on (the token's creation, or when the index first saw an older token). */
  makersFrom: number;
  /** Latest last-trade time of a maker forgotten at the cap: windows reaching back to it are incomplete. */
  makersLostAt: number;
  /** Established tokens once their archive is read: distinct makers per 10 minutes over the last day, estimated. */
  makerSketch: MakerSketch | null;
  pending: TradeRecord[];
  txns: number;
  buys: number;
  sells: number;
  volumeUsd: number;
  feesUsd: number;
  lastTradeAt: number | null;
  updatedAt: number;
  /** False until an established token's archived history is loaded. */
  hydrated: boolean;
  /** Pulse view bits: 1 new, 2 bonding, 4 graduated. */
  views: number;
  /** Recent volatility of the pricing price: sizes the wick-clamp band (wick-band.ts). */
  wick: WickVol;
  retired: boolean;
}

export function newPool(
  chain: ChainId,
  p: Omit<IndexedPool, "chain" | "s1" | "m1" | "h1" | "makers" | "hydrate">,
  caps: IndexCaps,
): IndexedPool {
  return {
    ...p,
    chain,
    hydrate: null,
    s1: new CandleSeries(1, caps.secondsPerPool, false, caps.secondsPerPool),
    m1: new CandleSeries(60, caps.minutesPerPool, true, caps.minutesPerPool * 60),
    h1: new CandleSeries(3600, caps.hoursPerPool),
    makers: new Map(),
  };
}

export function newTape(caps: IndexCaps): Tape {
  return new Tape(caps.tapePerToken, { cold: true });
}

/** Every read of a pool's candles or stats goes through here first. */
export function ready(p: IndexedPool): IndexedPool {
  if (p.hydrate) p.hydrate();
  return p;
}

export function poolLiquidityNative(p: IndexedPool): number {
  return p.curve ? p.reserveNative : 2 * p.reserveNative;
}

/** The pool that prices the token: the deepest one (rank 1, §4.14). */
export function rankPools(t: IndexedToken): IndexedPool[] {
  if (t.pools.length < 2) return t.pools;
  return [...t.pools].sort((a, b) => poolLiquidityNative(b) - poolLiquidityNative(a) || a.createdAt - b.createdAt);
}

export function tokenLiquidityNative(t: IndexedToken): number {
  let s = 0;
  for (const p of t.pools) s += poolLiquidityNative(p);
  return s;
}

/** Text folded for search: NFKC, lower case, invisible and bidi controls removed. */
export function searchText(s: string): string {
  return s
    .normalize("NFKC")
    .replace(/[\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/g, "")
    .toLowerCase();
}

/** A token as the index first sees it (its `token` creation event). */
export function newToken(
  e: TokenCreated,
  o: { seq: number; factory: SimFactory | null; nameRank: number; hydrated: boolean; tape: Tape; now: number },
): IndexedToken {
  return {
    key: `${e.chain}|${e.token}`,
    seq: o.seq,
    chain: e.chain,
    address: e.token,
    name: e.name,
    symbol: e.symbol,
    searchName: searchText(e.name),
    searchSymbol: searchText(e.symbol),
    decimals: e.decimals,
    totalSupply: e.totalSupply,
    createdAt: e.at,
    creator: e.creator,
    factory: o.factory,
    meta: e.meta,
    nameRank: o.nameRank,
    pools: [],
    pricing: null,
    curvePool: null,
    bondingProgress: null,
    migrated: false,
    graduatedAt: null,
    tape: o.tape,
    makers: new Map(),
    // Seen at creation (a live launch): every maker is known; an older token's makers only from now on.
    makersFrom: o.now - e.at < 60_000 ? e.at : o.now,
    makersLostAt: Number.NEGATIVE_INFINITY,
    makerSketch: null,
    pending: [],
    txns: 0,
    buys: 0,
    sells: 0,
    volumeUsd: 0,
    feesUsd: 0,
    lastTradeAt: null,
    updatedAt: e.at,
    views: 0,
    wick: newWickVol(o.factory !== null),
    retired: false,
    hydrated: o.hydrated,
  };
}
