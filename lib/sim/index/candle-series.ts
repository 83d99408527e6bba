import type { Candle } from "@/lib/api";

// Columnar candle buckets of one pool at one resolution, in a ring that grows on demand up to `maxCap`
// buckets and then drops the oldest (the dropped close is kept so the next candle still connects).
// Minute series also carry the stats columns behind §4.14 windowed stats.

const COLS = ["t", "o", "h", "l", "c", "v", "fa", "la"] as const;
// Per minute: trades, buys, USD volume, buy USD volume, and the wash-filtered (organic) trades and USD volume.
const STAT_COLS = ["txns", "buys", "volumeUsd", "buyVolumeUsd", "organicTxns", "organicVolumeUsd"] as const;
export type Col = (typeof COLS)[number] | (typeof STAT_COLS)[number];

export interface TradePoint {
  at: number;
  price: number;
  volume: number;
  usd: number;
  isBuy: boolean;
  organic: boolean;
}

export type StatsRow = Record<(typeof STAT_COLS)[number], number>;

/** A candle (§4.5) with the times of its first and last trade (ms). */
export interface Bucket extends Candle {
  firstAt: number;
  lastAt: number;
}

export class CandleSeries {
  private cols: Record<string, Float64Array>;
  private cap: number;
  private head = 0;
  len = 0;
  /** Close of the newest bucket evicted by the ring (NaN when nothing was evicted). */
  baseClose = Number.NaN;

  constructor(
    readonly step: number,
    readonly maxCap: number,
    readonly withStats = false,
    /** Buckets older than this (relative to the newest) are dropped. */
    readonly maxAgeSec = Number.POSITIVE_INFINITY,
    initialCap = 8,
  ) {
    this.cap = Math.min(initialCap, maxCap);
    this.cols = this.alloc(this.cap);
  }

  /** One allocation per series: every column is a view into a single buffer (thousands of small pools). */
  private alloc(cap: number): Record<string, Float64Array> {
    const names = this.withStats ? [...COLS, ...STAT_COLS] : COLS;
    const buf = new Float64Array(cap * names.length);
    const out: Record<string, Float64Array> = {};
    names.forEach((c, i) => {
      out[c] = buf.subarray(i * cap, (i + 1) * cap);
    });
    return out;
  }

  /** Physical slot of logical index i (0 = oldest). */
  private slot(i: number): number {
    const p = this.head + i;
    return p >= this.cap ? p - this.cap : p;
  }

  /** Raw column storage (valid until the next write); index it with `slotOf`. */
  col(name: Col): Float64Array {
    return this.cols[name] as Float64Array;
  }

  slotOf(i: number): number {
    return this.slot(i);
  }

  get(col: Col, i: number): number {
    return (this.cols[col] as Float64Array)[this.slot(i)] as number;
  }

  time(i: number): number {
    return (this.cols.t as Float64Array)[this.slot(i)] as number;
  }

  bucket(i: number): Bucket {
    const s = this.slot(i);
    const k = this.cols;
    return {
      time: k.t?.[s] as number,
      open: k.o?.[s] as number,
      high: k.h?.[s] as number,
      low: k.l?.[s] as number,
      close: k.c?.[s] as number,
      volume: k.v?.[s] as number,
      firstAt: k.fa?.[s] as number,
      lastAt: k.la?.[s] as number,
    };
  }

  /** Number of buckets with time <= `time` (binary search). */
  countAtOrBefore(time: number): number {
    let lo = 0;
    let hi = this.len;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.time(mid) <= time) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  addTrade(p: TradePoint): void {
    const s = this.merge(p.at / 1000, p.price, p.price, p.price, p.price, p.at, p.at, p.volume);
    if (s < 0 || !this.withStats) return;
    const k = this.cols as Record<Col, Float64Array>;
    k.txns[s] = (k.txns[s] as number) + 1;
    k.volumeUsd[s] = (k.volumeUsd[s] as number) + p.usd;
    if (p.isBuy) {
      k.buys[s] = (k.buys[s] as number) + 1;
      k.buyVolumeUsd[s] = (k.buyVolumeUsd[s] as number) + p.usd;
    }
    if (p.organic) {
      k.organicTxns[s] = (k.organicTxns[s] as number) + 1;
      k.organicVolumeUsd[s] = (k.organicVolumeUsd[s] as number) + p.usd;
    }
  }

  /** Merges a whole bucket (history backfill or a finer bucket rolled up). */
  addBucket(b: Bucket, stats?: StatsRow): void {
    const s = this.merge(b.time, b.open, b.high, b.low, b.close, b.firstAt, b.lastAt, b.volume);
    if (s < 0 || !this.withStats || !stats) return;
    const k = this.cols as Record<Col, Float64Array>;
    for (const c of STAT_COLS) k[c][s] = (k[c][s] as number) + stats[c];
  }

  /**
   * Folds prices seen between `firstAt` and `lastAt` into the bucket holding `timeSec`: the earliest sets the open, the
   * latest the close. Returns the slot, or -1 when older than retained. (No object per trade: this is the hot path.)
   */
  private merge(
    timeSec: number,
    open: number,
    high: number,
    low: number,
    close: number,
    firstAt: number,
    lastAt: number,
    volume: number,
  ): number {
    const s = this.slotFor(Math.floor(timeSec / this.step) * this.step);
    if (s < 0) return s;
    const k = this.cols as Record<Col, Float64Array>;
    if (k.la[s] === 0) {
      k.o[s] = open;
      k.h[s] = high;
      k.l[s] = low;
      k.c[s] = close;
      k.fa[s] = firstAt;
      k.la[s] = lastAt;
    } else {
      if (firstAt < (k.fa[s] as number)) {
        k.o[s] = open;
        k.fa[s] = firstAt;
      }
      if (lastAt >= (k.la[s] as number)) {
        k.c[s] = close;
        k.la[s] = lastAt;
      }
      if (high > (k.h[s] as number)) k.h[s] = high;
      if (low < (k.l[s] as number)) k.l[s] = low;
    }
    k.v[s] = (k.v[s] as number) + volume;
    return s;
  }

  /** Slot of the bucket starting at `time`, creating it (in order) when needed; -1 when older than retained. */
  private slotFor(time: number): number {
    if (this.len > 0) {
      const newest = this.time(this.len - 1);
      if (time === newest) return this.slot(this.len - 1);
      if (time < newest) return this.insertOld(time);
    }
    while (this.len > 0 && this.time(0) < time - this.maxAgeSec) this.dropOldest();
    if (this.len === this.cap) this.makeRoom();
    const s = this.slot(this.len);
    this.clear(s);
    (this.cols.t as Float64Array)[s] = time;
    this.len++;
    return s;
  }

  private insertOld(time: number): number {
    let n = this.countAtOrBefore(time);
    if (n > 0 && this.time(n - 1) === time) return this.slot(n - 1);
    if (n === 0 && this.len === this.maxCap) return -1;
    if (this.len === this.cap) {
      const evicts = this.cap === this.maxCap;
      this.makeRoom();
      if (evicts) n--; // the oldest bucket left, so logical indices moved down by one
    }
    // Shift newer buckets up by one (rare: late confirmations, history loads).
    for (let i = this.len; i > n; i--) {
      const to = this.slot(i);
      const from = this.slot(i - 1);
      for (const c of Object.values(this.cols)) c[to] = c[from] as number;
    }
    this.len++;
    const s = this.slot(n);
    this.clear(s);
    (this.cols.t as Float64Array)[s] = time;
    return s;
  }

  private clear(s: number): void {
    for (const k in this.cols) (this.cols[k] as Float64Array)[s] = 0;
  }

  private makeRoom(): void {
    if (this.cap < this.maxCap) {
      // Double, but jump straight to the cap when close to it (no 4096 arrays for 4400 buckets).
      this.resize(this.cap * 2 >= this.maxCap * 0.6 ? this.maxCap : this.cap * 2);
      return;
    }
    this.dropOldest();
  }

  private dropOldest(): void {
    this.baseClose = this.get("c", 0);
    this.head = this.slot(1);
    this.len--;
  }

  /**
   * Drops buckets older than `maxAgeSec` before `nowSec` (quiet pools too, not only when a trade arrives) and
   * gives back storage the ring no longer needs.
   */
  expire(nowSec: number): void {
    while (this.len > 0 && this.time(0) < nowSec - this.maxAgeSec) this.dropOldest();
    const want = Math.max(8, this.len * 2);
    if (this.cap >= 64 && this.cap > want * 2) this.resize(want);
  }

  private resize(cap: number): void {
    const next = this.alloc(cap);
    for (const [name, col] of Object.entries(this.cols)) {
      const dst = next[name] as Float64Array;
      for (let i = 0; i < this.len; i++) dst[i] = col[this.slot(i)] as number;
    }
    this.cols = next;
    this.cap = cap;
    this.head = 0;
  }

  /** Grows storage to hold `n` buckets at once (history loads). */
  reserve(n: number): void {
    const want = Math.min(this.maxCap, n);
    if (want > this.cap) this.resize(want);
  }

  /**
   * Puts older buckets (an archive) in front of the ones held; a bucket present on both sides is merged.
   * Keeps the newest `maxCap` overall.
   */
  prepend(older: { bucket: Bucket; stats?: StatsRow }[]): void {
    const mine: { bucket: Bucket; stats?: StatsRow }[] = [];
    for (let i = 0; i < this.len; i++)
      mine.push({ bucket: this.bucket(i), stats: this.withStats ? this.statsAt(i) : undefined });
    const all = [...older, ...mine];
    this.cols = this.alloc(Math.min(this.maxCap, Math.max(8, all.length)));
    this.cap = Math.min(this.maxCap, Math.max(8, all.length));
    this.head = 0;
    this.len = 0;
    for (const x of all) this.addBucket(x.bucket, x.stats);
  }

  statsAt(i: number): StatsRow {
    return {
      txns: this.get("txns", i),
      buys: this.get("buys", i),
      volumeUsd: this.get("volumeUsd", i),
      buyVolumeUsd: this.get("buyVolumeUsd", i),
      organicTxns: this.get("organicTxns", i),
      organicVolumeUsd: this.get("organicVolumeUsd", i),
    };
  }

  /** Bytes held by the columns (for the retention report). */
  bytes(): number {
    return this.cap * 8 * Object.keys(this.cols).length;
  }
}
