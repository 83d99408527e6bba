import type { ChainId } from "@/lib/api";
import type { SimChain } from "./chains";
import type { CpmmState, CurveState } from "./curve";
import type { TokenMeta } from "./events";
import type { SimFactory } from "./factories";
import type { WarmFlow } from "./types";

// Chain state the engine owns: tokens, pools, balances, wallets. The index only sees events (and reads
// balances the way a real indexer calls an RPC node for holders).

export type Fate = "dud" | "modest" | "graduate" | "runner" | "established";
export type WalletKind = "ordinary" | "sniper" | "pro" | "wash" | "creator" | "bot";

export interface SimWallet {
  address: string;
  family: "evm" | "solana";
  kind: WalletKind;
  chains: ChainId[];
  bornAt: number;
}

export interface SimPool {
  address: string;
  token: SimToken;
  kind: "curve" | "cpmm";
  type: string;
  factory: string;
  dex: string;
  feeBps: number;
  createdAt: number;
  curve: CurveState | null;
  cpmm: CpmmState | null;
  /** Thin pools lag the main price and attract the odd fat-finger trade. */
  thin: boolean;
}

export interface Activity {
  /** Base trades per second while active. */
  rate: number;
  /** e-folding time of the activity (ms). */
  decayMs: number;
  /** Activity stops after this time. */
  endAt: number;
  buyBias: number;
  biasAmp: number;
  biasPeriodMs: number;
  phase: number;
  startAt: number;
}

export interface Security {
  mintAuthority: boolean | null;
  freezeAuthority: boolean | null;
  checkedAt: number;
}

export interface SimToken {
  key: string;
  chain: SimChain;
  address: string;
  name: string;
  symbol: string;
  decimals: number;
  supply: number;
  createdAt: number;
  creator: string;
  fate: Fate;
  factory: SimFactory | null;
  meta: TokenMeta;
  security: Security;
  pools: SimPool[];
  /** Where trades go by default and what prices the token. */
  main: SimPool;
  balances: Map<string, number>;
  /** Holders that can sell (no pools / burn), for O(1) random picks. */
  traders: string[];
  traderIdx: Map<string, number>;
  /** Pro traders holding the token, with their entry price (native): they sell into profit. */
  pros: Map<string, number>;
  activity: Activity | null;
  /** Bumped whenever activity is replaced, so stale scheduled ticks are ignored. */
  gen: number;
  trading: boolean;
  /** An arbitrage of a drifted secondary pool is already scheduled. */
  arbPending: boolean;
  completed: boolean;
  migrated: boolean;
  graduatedAt: number | null;
  lastTradeAt: number;
  /** Established tokens: log fair-value seed. */
  fairSeed: number;
  /** Established tokens: what their archived history is regenerated from. */
  archive?: {
    warmStart: number;
    liquidityNative: number;
    turnover: number;
    /** Native volume per hour the live market is set to trade at the warm-up start: the history's level without a flow. */
    nativePerHour: number;
    avgTradeNative: number;
    pools: { address: string; price: number; reserveNative: number; thin: boolean; createdAt: number }[];
    /** The warm-up's live trading per pool, once recorded: the archive's level (lib/sim/engine/warm-flow.ts). */
    flow?: WarmFlow;
  };
  retired: boolean;
}

/** Who a new token is: its index key, chain, address and names. */
export function tokenIdentity(chain: SimChain, address: string, name: string, symbol: string) {
  return { key: tokenKey(chain.chain, address), chain, address, name, symbol };
}

/** A token's trading state before its first pool exists (set right after by its creator). */
export function noTradingYet() {
  return {
    pools: [] as SimPool[],
    main: null as unknown as SimPool,
    balances: new Map(),
    traders: [] as string[],
    traderIdx: new Map(),
    pros: new Map(),
    activity: null,
    gen: 0,
    trading: false,
    arbPending: false,
  } satisfies Partial<SimToken>;
}

export const BURN_EVM = "0x000000000000000000000000000000000000dead";
export const BURN_SOL = "1nc1nerator11111111111111111111111111111111";

export function tokenKey(chain: string, address: string): string {
  return `${chain}|${address}`;
}

export function credit(t: SimToken, wallet: string, amount: number, tradable: boolean): void {
  const next = (t.balances.get(wallet) ?? 0) + amount;
  setBalance(t, wallet, next, tradable);
}

export function setBalance(t: SimToken, wallet: string, amount: number, tradable: boolean): void {
  // Dust below a millionth of a token counts as zero (a fully sold position is exactly 0).
  if (amount <= 1e-6) {
    t.balances.delete(wallet);
    const i = t.traderIdx.get(wallet);
    if (i !== undefined) {
      const last = t.traders.pop() as string;
      if (last !== wallet) {
        t.traders[i] = last;
        t.traderIdx.set(last, i);
      }
      t.traderIdx.delete(wallet);
    }
    t.pros.delete(wallet);
    return;
  }
  t.balances.set(wallet, amount);
  if (tradable && !t.traderIdx.has(wallet)) {
    t.traderIdx.set(wallet, t.traders.length);
    t.traders.push(wallet);
  }
}

export function nativeUnits(amount: number, decimals: number): string {
  // Integer amount in the smallest unit, exact to 1e-6 of a coin.
  const micro = BigInt(Math.max(0, Math.round(amount * 1e6)));
  return (decimals >= 6 ? micro * 10n ** BigInt(decimals - 6) : micro / 10n ** BigInt(6 - decimals)).toString();
}
