import { type ChainId, chainFamily } from "@/lib/api";
import { findSimChain } from "../engine/chains";
import type { PoolHistory, RawEvent, TokenCreated } from "../engine/events";
import type { SimFactory } from "../engine/factories";
import type { NativePrices } from "../engine/native-prices";
import { loadArchive } from "./archive-load";
import { type ArchivedDay, archivedRows, archiveTape, olderRows, refillArchive } from "./archive-tape";
import { ChainMap } from "./chain-map";
import { Emitter } from "./emitter";
import { MakerSketch } from "./maker-sketch";
import { PulseIndex } from "./pulse";
import type { TradeRecord } from "./records";
import {
  DEFAULT_INDEX_CAPS,
  type IndexCaps,
  type IndexedPool,
  type IndexedToken,
  type MakerStat,
  newPool,
  newTape,
  newToken,
  rankPools,
  searchText,
} from "./state";
import { type Leg, legsOf, SwapFolder } from "./swaps";
import { LIVE_SEQ_BASE } from "./tape";
import { expireCandles, KEEP_DAY_MS, pruneMakers, refillable, trimCold, trimTapes } from "./upkeep";
import { pulseEntry, type ViewCtx } from "./views";
import { WalletIndex } from "./wallet-index";

// The market's views, derived from its events. `flush()` closes the transaction being folded; `tick(now)`
// runs time-based transitions. Readers get a consistent state between calls.

export class MarketIndex implements ViewCtx {
  readonly caps: IndexCaps;
  readonly tokens = new ChainMap<IndexedToken>();
  private readonly poolsByKey = new ChainMap<IndexedPool>();
  private readonly nameCounts = new Map<string, number>();
  readonly wallets: WalletIndex;
  readonly pulse: PulseIndex;
  readonly events = new Emitter();
  private readonly folder: SwapFolder;
  private readonly factories: Map<string, SimFactory>;
  private seq = LIVE_SEQ_BASE;
  private tokenSeq = 0;
  now: number;
  tradesIndexed = 0;

  private readonly archive: ((chain: string, token: string) => PoolHistory[]) | undefined;

  constructor(opts: {
    prices: NativePrices;
    factories: SimFactory[];
    start: number;
    caps?: Partial<IndexCaps>;
    /** Archived coarse history of a token, read on first use (established tokens). */
    archive?: (chain: string, token: string) => PoolHistory[];
  }) {
    this.caps = { ...DEFAULT_INDEX_CAPS, ...opts.caps };
    this.archive = opts.archive;
    this.prices = opts.prices;
    this.now = opts.start;
    this.factories = new Map(opts.factories.map((f) => [`${f.chain.chain}|${f.address}`, f]));
    this.wallets = new WalletIndex(this.caps, {
      priceNative: (chain, token) => this.token(chain, token)?.pricing?.priceNative ?? null,
      nativeUsd: (chain) => this.nativeUsd(chain),
      nativeUsdAt: (chain, at) => {
        const c = findSimChain(chain);
        return c ? this.prices.chainUsdAt(c, at) : 0;
      },
    });
    this.pulse = new PulseIndex((view, kind, t) => {
      if (!this.events.has("pulse")) return;
      this.events.emit("pulse", {
        view,
        chain: t.chain,
        kind,
        token: kind === "leave" ? { chain: t.chain, address: t.address } : pulseEntry(t, this),
      });
    });
    this.folder = new SwapFolder({
      token: (c, a) => this.token(c, a),
      pool: (c, a) => this.poolsByKey.get(c, a),
      nativeUsdAt: (c, at) => this.nativeUsdAt(c, at),
      isPro: (w) => this.wallets.pros.has(w),
      nextSeq: () => ++this.seq,
      record: (t, r, legs) => this.record(t, r, legs),
      confirmed: (t, r) => this.confirmed(t, r),
      reverted: (t, r) => this.reverted(t, r),
      priceChanged: (t) => {
        t.updatedAt = this.now;
      },
    });
  }

  private readonly prices: NativePrices;

  /** The native USD price as the price feed reports it now (frozen while the feed stalls). */
  nativeUsd(chain: string): number {
    const c = findSimChain(chain);
    return c ? this.prices.chainUsdAt(c, this.prices.updatedAt(c, this.now)) : 0;
  }

  /** §2.11: the chain's native price feed has not updated for over a minute. */
  nativeStale(chain: string): boolean {
    const c = findSimChain(chain);
    return c ? this.prices.quote(c, this.now).stale : true;
  }

  nativeUsdAt(chain: string, at: number): number {
    const c = findSimChain(chain);
    return c ? this.prices.chainUsdAt(c, at) : 0;
  }

  token(chain: string, address: string): IndexedToken | undefined {
    return this.tokens.get(chain, address);
  }

  pool(chain: string, address: string): IndexedPool | undefined {
    return this.poolsByKey.get(chain, address);
  }

  apply(e: RawEvent): void {
    if (e.at > this.now) this.now = e.at;
    if (e.type === "swap") return this.folder.push(e);
    this.folder.flush();
    switch (e.type) {
      case "token":
        return this.addToken(e);
      case "pool": {
        const t = this.token(e.chain, e.token);
        if (!t) return;
        const p = newPool(
          e.chain,
          {
            address: e.pool,
            token: e.token,
            type: e.poolType,
            factory: e.factory,
            dex: e.dex,
            quoteAddress: e.quoteAddress,
            quoteSymbol: e.quoteSymbol,
            feeBps: e.feeBps,
            createdAt: e.at,
            curve: e.curve,
            reserveNative: e.reserveNative,
            priceNative: e.priceNative,
          },
          this.caps,
        );
        t.pools.push(p);
        this.poolsByKey.set(e.chain, e.pool, p);
        if (!t.hydrated) p.hydrate = () => this.hydrate(t);
        if (e.curve) {
          t.curvePool = p;
          t.bondingProgress = 0;
        }
        t.pricing = rankPools(t)[0] ?? null;
        t.updatedAt = e.at;
        this.changed(t, true);
        return;
      }
      case "migration": {
        const t = this.token(e.chain, e.token);
        if (!t) return;
        t.migrated = true;
        t.graduatedAt = e.at;
        t.bondingProgress = 100;
        if (t.curvePool) t.curvePool.reserveNative = 0;
        t.updatedAt = e.at;
        this.changed(t, true);
        return;
      }
      case "confirm":
        return this.folder.confirm(e);
      case "revert":
        return this.folder.revert(e);
      case "transfer":
        return this.wallets.fund(e);
      case "identity":
        this.wallets.identify(e);
        if (e.isProTrader) for (const w of e.wallets) this.wallets.pros.add(w);
        return;
      case "retire":
        return this.retire(e.chain, e.token);
    }
  }

  flush(): void {
    this.folder.flush();
  }

  private lastTrim = 0;
  private lastSweep = 0;
  private lastPrune = 0;

  /** Time-based transitions; call after advancing the market. */
  tick(now: number): void {
    this.folder.flush();
    if (now > this.now) this.now = now;
    if (this.now - this.lastSweep >= 2_000) {
      this.lastSweep = this.now;
      this.pulse.sweep(this.now);
    }
    if (this.now - this.lastTrim >= 30_000) {
      this.lastTrim = this.now;
      trimTapes(this.tokens.values(), this.tapeRecords(), this.caps.tapeTotal, this.now);
      trimCold(this.tokens.values(), this.caps.coldTotal, this.now);
      expireCandles(this.tokens.values(), this.now);
      this.wallets.trim(this.caps.walletTradesTotal, this.caps.positionsTotal);
    }
    if (this.now - this.lastPrune >= 600_000) {
      this.lastPrune = this.now;
      pruneMakers(this.tokens.values(), this.now);
    }
  }

  tapeRecords(): number {
    let n = 0;
    for (const t of this.tokens.values()) n += t.tape.size;
    return n;
  }

  /** Live rows kept packed once their tapes let go of them (bounded by `caps.coldTotal`). */
  coldRecords(): number {
    let n = 0;
    for (const t of this.tokens.values()) n += t.tape.cold?.size ?? 0;
    return n;
  }

  /** Archived days generated lately (a page reading one generates it once, not per page): the last two tokens'. */
  private readonly days = new Map<string, ArchivedDay>();

  private archivedDay(t: IndexedToken, liveFrom: number): ArchivedDay {
    let day = this.days.get(t.key);
    if (day) this.days.delete(t.key);
    else day = archivedRows(t, this.archive?.(t.chain, t.address) ?? [], liveFrom);
    this.days.set(t.key, day);
    while (this.days.size > 2) this.days.delete(this.days.keys().next().value as string);
    return day;
  }

  private addToken(e: TokenCreated): void {
    const factory = e.factory ? (this.factories.get(`${e.chain}|${e.factory}`) ?? null) : null;
    const nameKey = `${e.chain}|${searchText(e.symbol)}`;
    const nameRank = (this.nameCounts.get(nameKey) ?? 0) + 1;
    this.nameCounts.set(nameKey, nameRank);
    const t = newToken(e, {
      seq: ++this.tokenSeq,
      factory,
      nameRank,
      hydrated: e.factory !== null || !this.archive,
      tape: newTape(this.caps),
      now: this.now,
    });
    this.tokens.set(t.chain, t.address, t);
    this.pulse.added(t);
  }

  /** Loads a token's archive in front of what live trading already wrote. */
  private hydrate(t: IndexedToken): void {
    if (t.hydrated) return;
    t.hydrated = true;
    for (const p of t.pools) p.hydrate = null;
    const events = this.archive?.(t.chain, t.address) ?? [];
    loadArchive(
      events,
      (c, a) => this.pool(c, a),
      (c, at) => this.nativeUsdAt(c, at),
    );
    t.tape.readAt = this.now;
    // Makers over the whole day, beyond what the tape and the exact map can hold: the archived trades, then every
    // maker live trading showed so far at its last trade (windows end now, so that is where it counts).
    const sketch = new MakerSketch(Number.POSITIVE_INFINITY);
    // Live rows a trim took before this first read: archived rows behind the ones left would leave a hole (the
    // archive ends where live trading began), so the tape ends at its oldest row held; the makers still count.
    const archived = archiveTape(
      t,
      events,
      (c, at) => this.nativeUsdAt(c, at),
      t.tape.liveCut ? 0 : this.roomFor(t),
      (maker, at) => {
        sketch.from = Math.min(sketch.from, at);
        sketch.add(maker, at);
      },
    );
    if (Number.isFinite(sketch.from)) {
      // Live makers the exact map had to forget before now are not in the sketch: it answers only after them.
      if (t.makersLostAt > Number.NEGATIVE_INFINITY) sketch.from = Math.max(sketch.from, t.makersLostAt + 1);
      for (const [w, m] of t.makers) sketch.add(w, m.lastAt);
      sketch.prune(this.now);
      t.makerSketch = sketch;
    }
    this.archivedMakers(t, archived);
    // Behind every row held (and the cold ones), the rest of the archived day is generated on read.
    const liveFrom = t.tape.liveFrom;
    if (liveFrom !== undefined && !t.tape.liveCut && events.length > 0)
      t.tape.older = olderRows(
        t,
        () => this.archivedDay(t, liveFrom),
        (c, at) => this.nativeUsdAt(c, at),
      );
  }

  /**
   * Rows all tapes may still take for `t`'s history: over the global budget, the other tapes give way first as the
   * periodic trim would have them (idle ones, rows older than a day, the least busy), not this token's history.
   */
  private roomFor(t: IndexedToken): number {
    const need = t.tape.cap - t.tape.records.length;
    const total = this.tapeRecords();
    const after =
      need > 0 && total + need > this.caps.tapeTotal
        ? trimTapes(
            [...this.tokens.values()].filter((x) => x !== t),
            total + need,
            this.caps.tapeTotal,
            this.now,
          ) - need
        : total;
    return this.caps.tapeTotal - after;
  }

  /**
   * A tape read to its end gets back the archived rows of its last day a trim took while nobody read it (when no live
   * row went with them), so it pages back a full day again. Returns how many rows came back.
   */
  refillTape(t: IndexedToken): number {
    if (!t.hydrated || !refillable(t.tape, this.now)) return 0;
    const events = this.archive?.(t.chain, t.address) ?? [];
    return refillArchive(t, events, (c, at) => this.nativeUsdAt(c, at), this.roomFor(t), this.now - KEEP_DAY_MS);
  }

  /**
   * The makers of a token's archived rows (oldest first) join the ones live trading already showed, as older than
   * all of them: windowed makers counts then reach back to the first archived row, within the per-token cap.
   */
  private archivedMakers(t: IndexedToken, archived: readonly TradeRecord[]): void {
    const first = archived[0];
    if (!first) return;
    const older = new Map<string, MakerStat>();
    const pools = new Map(t.pools.map((p) => [p.address, p]));
    for (const r of archived) {
      const m = older.get(r.maker) ?? { buys: 0, sells: 0, firstBuyAt: Number.POSITIVE_INFINITY, lastAt: r.at };
      if (r.isBuy) {
        m.buys++;
        m.firstBuyAt = Math.min(m.firstBuyAt, r.at);
      } else m.sells++;
      m.lastAt = r.at;
      older.delete(r.maker); // kept in last-trade order, as live makers are
      older.set(r.maker, m);
      const pool = pools.get(r.pool);
      if (pool && !pool.makers.has(r.maker)) pool.makers.set(r.maker, r.at);
    }
    for (const [w, live] of t.makers) {
      const old = older.get(w);
      older.delete(w);
      older.set(
        w,
        old
          ? {
              buys: old.buys + live.buys,
              sells: old.sells + live.sells,
              firstBuyAt: Math.min(old.firstBuyAt, live.firstBuyAt),
              lastAt: live.lastAt,
            }
          : live,
      );
    }
    while (older.size > this.caps.makersPerToken) {
      const [w, m] = older.entries().next().value as [string, MakerStat];
      t.makersLostAt = Math.max(t.makersLostAt, m.lastAt);
      older.delete(w);
    }
    t.makers = older;
    t.makersFrom = Math.min(t.makersFrom, first.at);
  }

  private record(t: IndexedToken, r: TradeRecord, legs: Leg[]): void {
    t.tape.push(r);
    t.makerSketch?.add(r.maker, r.at);
    const m = t.makers.get(r.maker);
    if (m) {
      if (r.isBuy) m.buys++;
      else m.sells++;
      m.lastAt = r.at;
      t.makers.delete(r.maker);
      t.makers.set(r.maker, m);
    } else {
      if (t.makers.size >= this.caps.makersPerToken) {
        const oldest = t.makers.keys().next().value as string;
        t.makersLostAt = Math.max(t.makersLostAt, t.makers.get(oldest)?.lastAt ?? Number.NEGATIVE_INFINITY);
        t.makers.delete(oldest);
      }
      t.makers.set(r.maker, {
        buys: r.isBuy ? 1 : 0,
        sells: r.isBuy ? 0 : 1,
        firstBuyAt: r.isBuy ? r.at : Number.POSITIVE_INFINITY,
        lastAt: r.at,
      });
    }
    if (r.preconfirmed) t.pending.push(r);
    else this.commit(t, r, legs);
    this.publish(t, r);
    if (r.preconfirmed) this.changed(t, false);
  }

  private confirmed(t: IndexedToken, r: TradeRecord): void {
    const legs = popPending(t, r);
    r.preconfirmed = false;
    t.tape.touch();
    if (!t.retired) this.commit(t, r, legs);
    this.publish(t, r);
  }

  private reverted(t: IndexedToken, r: TradeRecord): void {
    popPending(t, r);
    t.tape.remove(r.seq);
    const m = t.makers.get(r.maker);
    if (m) {
      if (r.isBuy) m.buys = Math.max(0, m.buys - 1);
      else m.sells = Math.max(0, m.sells - 1);
    }
    this.events.emit("revert", {
      chain: t.chain,
      token: t.address,
      pool: r.pool,
      pool2: r.pool2,
      key: { txHash: r.txHash, block: r.block, logIndex: r.logIndex },
    });
    this.changed(t, true);
  }

  private publish(t: IndexedToken, r: TradeRecord): void {
    if (this.events.has("trade"))
      this.events.emit("trade", { chain: t.chain, token: t.address, pool: r.pool, pool2: r.pool2, row: r.toRow() });
  }

  private commit(t: IndexedToken, r: TradeRecord, legs: Leg[]): void {
    for (const leg of legs) {
      const pt = { at: r.at, price: leg.price, volume: leg.volume, usd: leg.usd, isBuy: r.isBuy, organic: !r.isWash };
      leg.pool.s1.addTrade(pt);
      leg.pool.m1.addTrade(pt);
      leg.pool.h1.addTrade(pt);
      leg.pool.makers.set(r.maker, r.at);
    }
    t.txns++;
    if (r.isBuy) t.buys++;
    else t.sells++;
    t.volumeUsd += r.volumeUsd;
    for (const leg of legs) t.feesUsd += leg.feeUsd;
    t.lastTradeAt = Math.max(t.lastTradeAt ?? 0, r.at);
    t.updatedAt = Math.max(t.updatedAt, r.at);
    this.tradesIndexed++;
    this.wallets.apply(r, t.name, t.key);
    this.changed(t, true);
  }

  private changed(t: IndexedToken, pulse: boolean): void {
    if (t.retired) return;
    if (pulse) this.pulse.evaluate(t, this.now, true);
    this.events.emit("token", t.chain, t.address);
  }

  private retire(chain: ChainId, address: string): void {
    const t = this.token(chain, address);
    if (!t) return;
    this.tokens.delete(chain, address);
    for (const p of t.pools) this.poolsByKey.delete(chain, p.address);
    const nameKey = `${chain}|${t.searchSymbol}`;
    const n = (this.nameCounts.get(nameKey) ?? 1) - 1;
    if (n <= 0) this.nameCounts.delete(nameKey);
    else this.nameCounts.set(nameKey, n);
    this.pulse.removed(t, this.now);
    // Until the pulse lists compact, a retired token may still be referenced: drop its heavy parts now.
    t.tape.trimTo(0);
    t.tape.older = null;
    this.days.delete(t.key);
    t.makers.clear();
    t.pending.length = 0;
    t.pools = [];
    t.pricing = null;
    t.curvePool = null;
  }

  tokenByAddress(chain: string | undefined, address: string): IndexedToken[] {
    const out: IndexedToken[] = [];
    const family = address.startsWith("0x") ? "evm" : "solana";
    for (const c of chain ? [chain] : []) {
      const t = this.token(c, address) ?? this.tokenOfPool(c, address);
      if (t) out.push(t);
    }
    if (chain) return out;
    for (const t of this.tokens.values()) {
      if (chainFamily(t.chain) !== family) continue;
      if (t.address === address || t.pools.some((p) => p.address === address)) out.push(t);
    }
    return out;
  }

  tokenOfPool(chain: string, pool: string): IndexedToken | undefined {
    const p = this.pool(chain, pool);
    return p ? this.token(chain, p.token) : undefined;
  }

  pendingTxCount(): number {
    return this.folder.pendingCount;
  }
}

function popPending(t: IndexedToken, r: TradeRecord): Leg[] {
  const i = t.pending.indexOf(r);
  if (i >= 0) t.pending.splice(i, 1);
  return legsOf(r) ?? [];
}
