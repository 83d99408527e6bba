import { chainFamily } from "@/lib/api";
import type { SwapLog, TxConfirmed, TxReverted } from "../engine/events";
import { clampPrice } from "./candle-query";
import { TradeRecord } from "./records";
import { type IndexedPool, type IndexedToken, rankPools } from "./state";
import { observe, wickBand } from "./wick-band";

// Swap logs → trade records. Logs of one transaction are folded to one event per token and side (multihop
// routes, split routes); a Solana transaction that buys and sells the same token for the same maker is wash.
// Base rows arrive preconfirmed, then are confirmed (committed to every view) or reverted (removed).

export const SNIPE_MS = 5_000;

export interface SwapSink {
  token(chain: string, address: string): IndexedToken | undefined;
  pool(chain: string, address: string): IndexedPool | undefined;
  nativeUsdAt(chain: string, at: number): number;
  isPro(wallet: string): boolean;
  nextSeq(): number;
  /** Tape + pending + publish (preconfirmed), or tape + commit + publish (final). */
  record(t: IndexedToken, r: TradeRecord, legs: Leg[]): void;
  confirmed(t: IndexedToken, r: TradeRecord): void;
  reverted(t: IndexedToken, r: TradeRecord): void;
  priceChanged(t: IndexedToken): void;
}

export interface Leg {
  pool: IndexedPool;
  price: number;
  volume: number;
  usd: number;
  feeUsd: number;
}

const pendingLegs = new WeakMap<TradeRecord, Leg[]>();

export function legsOf(r: TradeRecord): Leg[] | undefined {
  return pendingLegs.get(r);
}

export class SwapFolder {
  private buf: SwapLog[] = [];
  private readonly pendingTx = new Map<string, { token: IndexedToken; rec: TradeRecord }[]>();

  constructor(private readonly sink: SwapSink) {}

  get pendingCount(): number {
    return this.pendingTx.size;
  }

  push(log: SwapLog): void {
    const head = this.buf[0];
    if (head && (head.txHash !== log.txHash || head.chain !== log.chain)) this.flush();
    this.buf.push(log);
  }

  flush(): void {
    if (this.buf.length === 0) return;
    const logs = this.buf;
    this.buf = [];
    if (logs.length === 1) {
      const l = logs[0] as SwapLog;
      return this.foldToken(l, l.token, logs);
    }
    const byToken = new Map<string, SwapLog[]>();
    for (const l of logs) byToken.set(l.token, [...(byToken.get(l.token) ?? []), l]);
    for (const [address, tl] of byToken) this.foldToken(tl[0] as SwapLog, address, tl);
  }

  private foldToken(first: SwapLog, address: string, logs: SwapLog[]): void {
    const s = this.sink;
    const t = s.token(first.chain, address);
    if (!t) return;
    const refBefore = t.pricing?.priceNative ?? 0;
    for (const l of logs) {
      const p = s.pool(l.chain, l.pool);
      if (!p) continue;
      p.reserveNative = l.reserveNative;
      p.priceNative = l.priceNative;
      if (p.curve && t.factory && !t.migrated)
        t.bondingProgress = Math.min(100, (l.reserveNative / t.factory.thresholdNative) * 100);
    }
    t.pricing = t.pools.length === 1 ? (t.pools[0] as IndexedPool) : (rankPools(t)[0] ?? null);
    const refAfter = t.pricing?.priceNative ?? 0;
    // the deep pool's move feeds the token's volatility before this transaction's legs are clamped by it
    observe(t.wick, first.at, refBefore);
    observe(t.wick, first.at, refAfter);
    s.priceChanged(t);
    const sol = chainFamily(t.chain) === "solana";
    if (logs.length === 1) return this.makeRecord(t, first.origin, logs, refBefore, refAfter, false);
    const sides = [logs.filter((l) => l.isBuy), logs.filter((l) => !l.isBuy)];
    const buyMakers = new Set((sides[0] as SwapLog[]).map((l) => l.origin));
    const washMakers = new Set((sides[1] as SwapLog[]).map((l) => l.origin).filter((m) => buyMakers.has(m)));
    for (const side of sides) {
      // Per maker too: one tx can carry several traders' swaps (a batch auction); keep them apart.
      const byMaker = new Map<string, SwapLog[]>();
      for (const l of side) byMaker.set(l.origin, [...(byMaker.get(l.origin) ?? []), l]);
      for (const [maker, ml] of byMaker)
        this.makeRecord(t, maker, ml, refBefore, refAfter, sol && washMakers.has(maker));
    }
  }

  private makeRecord(
    t: IndexedToken,
    maker: string,
    logs: SwapLog[],
    refBefore: number,
    refAfter: number,
    isWash: boolean,
  ): void {
    const s = this.sink;
    const l0 = logs[0] as SwapLog;
    let amountToken = 0;
    let amountNative = 0;
    let logIndex = l0.logIndex;
    const pools: string[] = [];
    const legs: Leg[] = [];
    const usdRate = s.nativeUsdAt(t.chain, l0.at);
    for (const l of logs) {
      amountToken += l.amountToken;
      amountNative += l.amountNative;
      logIndex = Math.min(logIndex, l.logIndex);
      if (!pools.includes(l.pool)) pools.push(l.pool);
      const pool = s.pool(l.chain, l.pool);
      if (pool)
        legs.push({
          pool,
          price: clampPrice(l.amountNative / l.amountToken, refBefore, refAfter, wickBand(t.wick)),
          volume: l.amountNative,
          usd: l.amountNative * usdRate,
          feeUsd: l.feeNative * usdRate,
        });
    }
    const stat = t.makers.get(maker);
    const firstBuyAt = stat ? stat.firstBuyAt : l0.isBuy ? l0.at : Number.POSITIVE_INFINITY;
    const sol = chainFamily(t.chain) === "solana";
    const rec = new TradeRecord(
      s.nextSeq(),
      t.chain,
      t.address,
      t.symbol,
      l0.pool,
      pools[1] ?? null,
      maker,
      l0.isBuy,
      l0.at,
      amountToken,
      amountNative,
      amountNative * usdRate,
      isWash,
      s.isPro(maker),
      firstBuyAt - t.createdAt <= SNIPE_MS && maker !== t.creator,
      l0.preconfirmed,
      l0.txHash,
      l0.block,
      logIndex,
      sol,
    );
    if (l0.preconfirmed) {
      pendingLegs.set(rec, legs);
      const key = `${l0.chain}|${l0.txHash}`;
      this.pendingTx.set(key, [...(this.pendingTx.get(key) ?? []), { token: t, rec }]);
    }
    s.record(t, rec, legs);
  }

  confirm(e: TxConfirmed): void {
    for (const { token, rec } of this.settle(e)) this.sink.confirmed(token, rec);
  }

  revert(e: TxReverted): void {
    for (const { token, rec } of this.settle(e)) this.sink.reverted(token, rec);
  }

  /** The preconfirmed rows of a transaction its block has now decided (committed or reverted). */
  private settle(e: { chain: string; txHash: string }) {
    this.flush();
    const key = `${e.chain}|${e.txHash}`;
    const items = this.pendingTx.get(key) ?? [];
    this.pendingTx.delete(key);
    return items;
  }
}
