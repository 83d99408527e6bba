import { blockAt, type SimChain } from "./chains";
import {
  applyCpmm,
  applyCurveBuy,
  applyCurveSell,
  cpmmBuy,
  cpmmPrice,
  cpmmSell,
  curveBuy,
  curvePrice,
  curveSell,
  type SwapQuote,
} from "./curve";
import type { RawEvent, SwapLog } from "./events";
import type { NativePrices } from "./native-prices";
import type { Rng } from "./rng";
import type { Scheduler } from "./scheduler";
import { txId } from "./tx-id";
import { credit, type SimPool } from "./world";

// Transactions and swaps. On Base every swap is first seen preconfirmed (~2.5 s before its block) and then
// confirmed — or, for 0.5–1 % of them, reverted (§3).

export const PRECONF_LEAD_MS = 2_500;
export const BASE_REVERT_RATE = 0.0075;

/** Whether the chain's swaps are first seen preconfirmed, and so may revert after (Base only). */
export function preconfirms(chain: SimChain): boolean {
  return chain.chain === "evm:8453";
}

export interface Tx {
  chain: SimChain;
  at: number;
  txHash: string;
  block: number;
  preconf: boolean;
  reverts: boolean;
  nextLog: number;
}

export interface TxOptions {
  noRevert?: boolean;
  scripted?: boolean;
  /** On Base: this tx is preconfirmed, then reverts (a control-API trade asked to; it leaves an armed revert alone). */
  reverts?: boolean;
}

export interface SwapResult {
  log: SwapLog;
  quote: SwapQuote;
  completes: boolean;
}

export class Trading {
  private readonly logCursor = new Map<string, { block: number; next: number }>();
  /** Set by the control endpoint: the next Base swap reverts. */
  forceBaseRevert = false;

  constructor(
    private readonly rng: Rng,
    private readonly scheduler: Scheduler,
    private readonly prices: NativePrices,
    private readonly emit: (e: RawEvent) => void,
  ) {}

  /**
   * Opens a tx. `noRevert`: it never reverts (launches, migrations). `scripted`: a control-API trade, which reverts
   * only when a revert is armed (never by chance, so a scripted trade's outcome is what its caller asked for).
   */
  open(chain: SimChain, at: number, opts: TxOptions = {}): Tx {
    const preconf = preconfirms(chain);
    const block = blockAt(chain, preconf ? at + PRECONF_LEAD_MS : at);
    let cur = this.logCursor.get(chain.chain);
    if (!cur || cur.block !== block) {
      cur = { block, next: this.rng.int(0, 40) };
      this.logCursor.set(chain.chain, cur);
    }
    let reverts = false;
    if (preconf && opts.reverts) reverts = true;
    else if (preconf && !opts.noRevert) {
      reverts = this.forceBaseRevert || (!opts.scripted && this.rng.chance(BASE_REVERT_RATE));
      this.forceBaseRevert = false;
    }
    const txHash = txId(chain.family === "solana", this.rng.u32(), this.rng.u32());
    return { chain, at, txHash, block, preconf, reverts, nextLog: cur.next };
  }

  /** Reserves `n` log indices in the tx's block. */
  logIndex(tx: Tx): number {
    const cur = this.logCursor.get(tx.chain.chain);
    const i = cur && cur.block === tx.block ? cur.next : tx.nextLog;
    if (cur && cur.block === tx.block) cur.next = i + 1 + this.rng.int(0, 2);
    tx.nextLog = i + 1;
    return i;
  }

  /** Finishes a tx: on Base, schedules its confirmation or revert. */
  close(tx: Tx): void {
    if (!tx.preconf) return;
    this.scheduler.at(tx.at + PRECONF_LEAD_MS, () => {
      const at = tx.at + PRECONF_LEAD_MS;
      this.emit({
        type: tx.reverts ? "revert" : "confirm",
        at,
        chain: tx.chain.chain,
        txHash: tx.txHash,
        block: tx.block,
      });
    });
  }

  /** A buy spending `nativeIn` (gross) or a sell of `tokensIn`. Null when nothing can be traded. */
  swap(tx: Tx, pool: SimPool, maker: string, isBuy: boolean, amount: number, sender = maker): SwapResult | null {
    if (!(amount > 0)) return null;
    const t = pool.token;
    let quote: SwapQuote;
    let completes = false;
    if (pool.curve) {
      if (isBuy) {
        const q = curveBuy(pool.curve, amount, pool.feeBps);
        quote = q;
        completes = q.completes;
      } else quote = curveSell(pool.curve, amount, pool.feeBps);
    } else if (pool.cpmm) {
      quote = isBuy ? cpmmBuy(pool.cpmm, amount, pool.feeBps) : cpmmSell(pool.cpmm, amount, pool.feeBps);
    } else return null;
    if (!(quote.amountToken > 0) || !(quote.amountNative > 0)) return null;
    if (!tx.reverts) {
      if (pool.curve) (isBuy ? applyCurveBuy : applyCurveSell)(pool.curve, quote);
      else if (pool.cpmm) applyCpmm(pool.cpmm, quote, isBuy);
      credit(t, maker, isBuy ? quote.amountToken : -quote.amountToken, true);
      credit(t, pool.address, isBuy ? -quote.amountToken : quote.amountToken, false);
      t.lastTradeAt = tx.at;
    } else completes = false;
    const log: SwapLog = {
      type: "swap",
      at: tx.at,
      chain: tx.chain.chain,
      txHash: tx.txHash,
      block: tx.block,
      logIndex: this.logIndex(tx),
      pool: pool.address,
      token: t.address,
      sender,
      origin: maker,
      isBuy,
      amountToken: quote.amountToken,
      amountNative: quote.amountNative,
      feeNative: quote.feeNative,
      reserveNative: pool.curve ? pool.curve.realNative : (pool.cpmm?.reserveNative ?? 0),
      priceNative: poolPrice(pool),
      preconfirmed: tx.preconf,
    };
    this.emit(log);
    return { log, quote, completes };
  }

  nativeUsd(chain: SimChain, at: number): number {
    return this.prices.chainUsdAt(chain, at);
  }
}

export function poolPrice(p: SimPool): number {
  if (p.curve) return curvePrice(p.curve);
  if (p.cpmm) return cpmmPrice(p.cpmm);
  return 0;
}

export function poolLiquidityNative(p: SimPool): number {
  if (p.curve) return p.curve.realNative;
  if (p.cpmm) return 2 * p.cpmm.reserveNative;
  return 0;
}
