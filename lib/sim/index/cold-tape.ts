import { txId, txWords } from "../engine/tx-id";
import { TradeRecord } from "./records";

// Live rows a token's tape let go of (its own cap, or the budget's trims), kept exactly in packed columns: a row
// costs ~71 bytes here (~270 as a record with its strings), and comes back as the same record when a read reaches
// it. A tx id is kept as the two words the market made it from (tx-id.ts), not as its 66 or 88 characters. Oldest first, in sequence order; dropped from the oldest end only (by age or by the cold budget), so what is
// kept is always a contiguous run of the tape.

const CHUNK = 2048;
/** Bytes a packed row holds: six float columns, the log index, flags and pool indices, the maker reference, the tx. */
export const COLD_ROW_BYTES = 6 * 8 + 4 + 3 + 8 + 8;

/** What a filter reads of a row (a record, or a packed row before it is unpacked). */
export interface RowView {
  pool: string;
  pool2: string | null;
  maker: string;
  isBuy: boolean;
  at: number;
  volumeUsd: number;
  isWash: boolean;
}

interface Chunk {
  seq: Float64Array;
  at: Float64Array;
  amountToken: Float64Array;
  volumeNative: Float64Array;
  volumeUsd: Float64Array;
  block: Float64Array;
  logIndex: Uint32Array;
  /** isBuy 1, isWash 2, isProTrader 4, isSniper 8, preconfirmed 16 */
  flags: Uint8Array;
  pool: Uint8Array;
  pool2: Uint8Array;
  maker: string[];
  /** The tx id's two words (tx-id.ts), row i at 2i and 2i + 1. */
  tx: Uint32Array;
}

const NO_POOL = 255;

export class ColdRows {
  private chunks: Chunk[] = [];
  /** Index of the oldest kept row in the first chunk. */
  private head = 0;
  private count = 0;
  private pools: string[] = [];
  /** Tx ids that do not pack (not made by `txId`, by sequence number): kept as strings. */
  private odd = new Map<number, string>();
  private chain = "";
  private token = "";
  private symbol = "";
  private solana = false;

  get size(): number {
    return this.count;
  }

  /** Sequence number and time of the oldest row kept (undefined when empty). */
  get oldestSeq(): number | undefined {
    return this.count ? this.col(0).c.seq[this.col(0).i] : undefined;
  }

  get oldestAt(): number | undefined {
    return this.count ? this.col(0).c.at[this.col(0).i] : undefined;
  }

  get newestSeq(): number | undefined {
    return this.count ? this.col(this.count - 1).c.seq[this.col(this.count - 1).i] : undefined;
  }

  /** Approximate bytes held (columns, not the shared maker strings). */
  get bytes(): number {
    let rows = 0;
    for (const c of this.chunks) rows += c.seq.length;
    return rows * COLD_ROW_BYTES;
  }

  private col(k: number): { c: Chunk; i: number } {
    const j = this.head + k;
    return { c: this.chunks[Math.floor(j / CHUNK)] as Chunk, i: j % CHUNK };
  }

  private poolIndex(p: string | null): number {
    if (p === null) return NO_POOL;
    let i = this.pools.indexOf(p);
    if (i < 0) {
      i = this.pools.length;
      this.pools.push(p);
    }
    return Math.min(i, NO_POOL); // a token never has this many pools; guarded all the same
  }

  /** Appends rows newer than every kept one, oldest first. */
  append(rows: readonly TradeRecord[]): void {
    for (const r of rows) {
      if (this.count === 0 && this.chunks.length === 0) {
        this.chain = r.chain;
        this.token = r.token;
        this.symbol = r.tokenSymbol;
        this.solana = r.solana;
      }
      const j = this.head + this.count;
      if (j >= this.chunks.length * CHUNK) this.chunks.push(newChunk(64));
      const ci = Math.floor(j / CHUNK);
      const i = j % CHUNK;
      // a chunk starts small and doubles up to CHUNK rows: a tape that lets go of a few rows holds a few
      if (i >= (this.chunks[ci] as Chunk).seq.length) this.chunks[ci] = grow(this.chunks[ci] as Chunk);
      const c = this.chunks[ci] as Chunk;
      c.seq[i] = r.seq;
      c.at[i] = r.at;
      c.amountToken[i] = r.amountToken;
      c.volumeNative[i] = r.volumeNative;
      c.volumeUsd[i] = r.volumeUsd;
      c.block[i] = r.block;
      c.logIndex[i] = r.logIndex;
      c.flags[i] =
        (r.isBuy ? 1 : 0) | (r.isWash ? 2 : 0) | (r.isProTrader ? 4 : 0) | (r.isSniper ? 8 : 0) | (r.preconfirmed ? 16 : 0);
      const pi = this.poolIndex(r.pool);
      const p2 = this.poolIndex(r.pool2);
      c.pool[i] = pi;
      c.pool2[i] = p2;
      c.maker[i] = r.maker;
      const packed =
        pi !== NO_POOL && (r.pool2 === null || p2 !== NO_POOL) && r.logIndex < 2 ** 32 && this.packTx(c, i, r.txHash);
      if (!packed) this.odd.set(r.seq, `${r.txHash}\u0000${r.pool}\u0000${r.pool2 ?? ""}`);
      this.count++;
    }
  }

  private packTx(c: Chunk, i: number, tx: string): boolean {
    const words = txWords(this.solana, tx);
    if (!words) return false;
    c.tx[2 * i] = words[0];
    c.tx[2 * i + 1] = words[1];
    return true;
  }

  /** Drops the `n` oldest rows. */
  dropOldest(n: number): void {
    n = Math.min(n, this.count);
    if (n <= 0) return;
    if (this.odd.size) {
      for (let k = 0; k < n; k++) {
        const { c, i } = this.col(k);
        this.odd.delete(c.seq[i] as number);
      }
    }
    this.head += n;
    this.count -= n;
    const gone = Math.floor(this.head / CHUNK);
    if (gone > 0) {
      this.chunks.splice(0, gone);
      this.head -= gone * CHUNK;
    }
    if (this.count === 0) this.clear();
  }

  /** Drops the rows older than `at`; returns how many went. */
  expire(at: number): number {
    const n = this.indexAtLeast("at", at);
    this.dropOldest(n);
    return n;
  }

  clear(): void {
    this.chunks = [];
    this.head = 0;
    this.count = 0;
    this.odd.clear();
  }

  /** Index of the first kept row whose `key` is at least `value` (`size` when none). */
  indexAtLeast(key: "at" | "seq", value: number): number {
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const { c, i } = this.col(mid);
      if ((c[key][i] as number) < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The kept row at index `k` (0 = oldest), as the record it was. */
  record(k: number): TradeRecord {
    const { c, i } = this.col(k);
    const seq = c.seq[i] as number;
    const flags = c.flags[i] as number;
    const odd = this.odd.get(seq);
    const [oddTx, oddPool, oddPool2] = odd ? odd.split("\u0000") : [];
    const p2 = c.pool2[i] as number;
    return new TradeRecord(
      seq,
      this.chain,
      this.token,
      this.symbol,
      odd ? (oddPool as string) : (this.pools[c.pool[i] as number] as string),
      odd ? oddPool2 || null : p2 === NO_POOL ? null : (this.pools[p2] as string),
      c.maker[i] as string,
      (flags & 1) !== 0,
      c.at[i] as number,
      c.amountToken[i] as number,
      c.volumeNative[i] as number,
      c.volumeUsd[i] as number,
      (flags & 2) !== 0,
      (flags & 4) !== 0,
      (flags & 8) !== 0,
      (flags & 16) !== 0,
      odd ? (oddTx as string) : this.txAt(c, i),
      c.block[i] as number,
      c.logIndex[i] as number,
      this.solana,
    );
  }

  private txAt(c: Chunk, i: number): string {
    return txId(this.solana, c.tx[2 * i] as number, c.tx[2 * i + 1] as number);
  }

  /**
   * Newest first, rows with a sequence number below `beforeSeq` that `keep` accepts, appended to `out` until it holds
   * `until` rows.
   */
  scan(beforeSeq: number, until: number, keep: (v: RowView) => boolean, out: TradeRecord[]): void {
    const view: RowView = { pool: "", pool2: null, maker: "", isBuy: false, at: 0, volumeUsd: 0, isWash: false };
    for (let k = this.indexAtLeast("seq", beforeSeq) - 1; k >= 0 && out.length < until; k--) {
      const { c, i } = this.col(k);
      const seq = c.seq[i] as number;
      const odd = this.odd.get(seq);
      const p2 = c.pool2[i] as number;
      const flags = c.flags[i] as number;
      view.pool = odd ? (odd.split("\u0000")[1] as string) : (this.pools[c.pool[i] as number] as string);
      view.pool2 = odd ? odd.split("\u0000")[2] || null : p2 === NO_POOL ? null : (this.pools[p2] as string);
      view.maker = c.maker[i] as string;
      view.isBuy = (flags & 1) !== 0;
      view.isWash = (flags & 2) !== 0;
      view.at = c.at[i] as number;
      view.volumeUsd = c.volumeUsd[i] as number;
      if (keep(view)) out.push(this.record(k));
    }
  }
}

function newChunk(rows: number): Chunk {
  return {
    seq: new Float64Array(rows),
    at: new Float64Array(rows),
    amountToken: new Float64Array(rows),
    volumeNative: new Float64Array(rows),
    volumeUsd: new Float64Array(rows),
    block: new Float64Array(rows),
    logIndex: new Uint32Array(rows),
    flags: new Uint8Array(rows),
    pool: new Uint8Array(rows),
    pool2: new Uint8Array(rows),
    maker: [],
    tx: new Uint32Array(rows * 2),
  };
}

function grow(c: Chunk): Chunk {
  const n = newChunk(Math.min(CHUNK, c.seq.length * 2));
  for (const k of ["seq", "at", "amountToken", "volumeNative", "volumeUsd", "block", "logIndex", "flags", "pool", "pool2", "tx"] as const)
    (n[k] as Uint8Array).set(c[k] as Uint8Array);
  n.maker = c.maker;
  return n;
}
