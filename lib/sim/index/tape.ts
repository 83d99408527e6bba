import { ApiError } from "@/lib/api";
import { ColdRows, type RowView } from "./cold-tape";
import type { TradeRecord } from "./records";

// A token's trade tape: the newest `cap` records in sequence order, paged newest first with an opaque cursor.

/** Live rows' sequence numbers start here; an established token's archived rows are numbered below it. */
export const LIVE_SEQ_BASE = 1e12;

export interface TapeFilter {
  pools?: Set<string>;
  washFilter?: "washOnly" | "organicOnly";
  type?: "buy" | "sell";
  minUsd?: number;
  maxUsd?: number;
  fromAt?: number;
  toAt?: number;
  makers?: Set<string>;
}

/**
 * Rows behind everything a tape holds (an established token's archived day, generated on read): newest first, those
 * with a sequence number below `beforeSeq` that `keep` accepts, appended to `out` until it holds `until` rows.
 */
export type OlderRows = (beforeSeq: number, until: number, keep: (v: RowView) => boolean, out: TradeRecord[]) => void;

export class Tape {
  readonly records: TradeRecord[] = [];
  /** Live rows the tape let go of, packed (a market's tapes; a bare tape drops them). Read after the held ones. */
  readonly cold: ColdRows | null;
  /** The archived day behind the live rows, generated on read (set when an established token's archive loads). */
  older: OlderRows | null = null;
  private changes = 0;
  /** Market time this tape was last read (a page served, its archive loaded): read tapes are trimmed last. */
  readAt = Number.NEGATIVE_INFINITY;
  /** Time of the newest archived row trimmed away and not put back since (archived rows can be generated again). */
  archivedCutAt = Number.NEGATIVE_INFINITY;
  /** A live row was trimmed away: what is older than the tape now would leave a hole, so nothing is put back. */
  liveCut = false;
  /** Where archived rows end and live ones begin (market time), fixed at the archive's first load so reloads match
   *  it; undefined until then. */
  liveFrom: number | undefined = undefined;
  /** Kept whole by the budget's trims (only its own cap bounds it): the control API's day-tape fixture. */
  pinned = false;

  constructor(
    readonly cap: number,
    opts: { cold?: boolean } = {},
  ) {
    this.cold = opts.cold ? new ColdRows() : null;
  }

  /** Bumped by every change a page could show (new, confirmed, reverted or trimmed rows). */
  get version(): number {
    return this.changes;
  }

  /** A record changed in place (a preconfirmed row confirmed). */
  touch(): void {
    this.changes++;
  }

  push(r: TradeRecord): void {
    this.changes++;
    this.records.push(r);
    // Trim in batches so pushes stay O(1) amortised.
    if (this.records.length > this.cap + Math.max(16, this.cap >> 3))
      this.dropOldest(this.records.length - this.cap, true);
  }

  /**
   * Index of the first record in [`lo`, `hi`) whose `key` is at least `value` (`hi` when none): records ascend by seq
   * and their times do not decrease. By default the records within the cap.
   */
  indexAtLeast(
    key: "at" | "seq",
    value: number,
    lo = this.first,
    hi = this.records.length,
  ): number {
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.records[mid] as TradeRecord)[key] < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Drops the `n` oldest records, noting what kind of rows went. `spill`: live ones go to the cold rows (when the tape
   * has them), so the tape still reaches them; otherwise they are lost, and so is every older live row.
   */
  private dropOldest(n: number, spill: boolean): void {
    if (n <= 0 || this.records.length === 0) return;
    n = Math.min(n, this.records.length);
    // archived rows (below LIVE_SEQ_BASE) come first: the first live one among the n
    const lo = this.indexAtLeast("seq", LIVE_SEQ_BASE, 0, n);
    if (lo < n) {
      if (spill && this.cold) this.cold.append(this.records.slice(lo, n));
      else this.lose();
    }
    if (lo > 0) this.archivedCutAt = Math.max(this.archivedCutAt, (this.records[lo - 1] as TradeRecord).at);
    this.records.splice(0, n);
  }

  /** Older records (archived history) in front of every current one; the caller keeps them within the cap. */
  prepend(older: TradeRecord[]): void {
    if (older.length === 0) return;
    this.changes++;
    this.records.unshift(...older);
  }

  /** A live row went for good: the tape ends at its oldest row still held (cold or not), with nothing behind it. */
  private lose(): void {
    this.liveCut = true;
    this.cold?.clear();
  }

  /** Keeps only the newest `n` records; returns how many were dropped. What goes is lost. */
  trimTo(n: number): number {
    const drop = this.size - n;
    if (drop <= 0) return 0;
    this.changes++;
    this.dropOldest(this.records.length - n, false);
    return drop;
  }

  /** Keeps only the newest `n` records as records; live ones beyond go to the cold rows (lost without them). */
  spillTo(n: number): number {
    const drop = this.size - n;
    if (drop <= 0) return 0;
    this.changes++;
    this.dropOldest(this.records.length - n, true);
    return drop;
  }

  /** Cold rows go, oldest first: by age (before `at`) or `n` of them. The tape then ends at the oldest one left. */
  dropCold(by: { before: number } | { n: number }): number {
    const cold = this.cold;
    if (!cold || cold.size === 0) return 0;
    const n = "n" in by ? Math.min(by.n, cold.size) : cold.indexAtLeast("at", by.before);
    if (n <= 0) return 0;
    this.changes++;
    if (n >= cold.size) this.lose();
    else {
      cold.dropOldest(n);
      this.liveCut = true;
    }
    return n;
  }

  /** Time of the oldest row a read reaches without generating any (held or cold). */
  get oldestKeptAt(): number | undefined {
    return this.cold?.oldestAt ?? this.records[0]?.at;
  }

  get size(): number {
    return Math.min(this.records.length, this.cap);
  }

  /** Index of the oldest record within the cap (older ones wait for the next trim). */
  get first(): number {
    return Math.max(0, this.records.length - this.cap);
  }

  /** Index of the record with `seq`, searching from the newest end (pending rows are the newest). */
  find(seq: number): number {
    for (let i = this.records.length - 1; i >= 0; i--) {
      const s = (this.records[i] as TradeRecord).seq;
      if (s === seq) return i;
      if (s < seq) return -1;
    }
    return -1;
  }

  remove(seq: number): TradeRecord | null {
    const i = this.find(seq);
    if (i >= 0) this.changes++;
    return i < 0 ? null : ((this.records.splice(i, 1)[0] as TradeRecord) ?? null);
  }

  /**
   * Newest first, strictly older than `beforeSeq`, at most `limit` (+1 probe for hasMore): the held rows, then the
   * cold ones, then the archived day generated on read — one sequence, as no row of it is missing (a lost live row
   * ends the tape there).
   */
  page(limit: number, filter: TapeFilter, beforeSeq?: number): { records: TradeRecord[]; hasMore: boolean } {
    const recs = this.records;
    // with cold rows, the rows past the cap waiting for the next batch trim are read too (they are older than none)
    const floor = this.cold ? 0 : this.first;
    const from = beforeSeq === undefined ? recs.length - 1 : this.indexAtLeast("seq", beforeSeq, floor) - 1;
    const out: TradeRecord[] = [];
    for (let i = from; i >= floor; i--) {
      const r = recs[i] as TradeRecord;
      if (!matches(r, filter)) continue;
      if (out.length === limit) return { records: out, hasMore: true };
      out.push(r);
    }
    let below = Math.min(beforeSeq ?? Number.POSITIVE_INFINITY, (recs[floor] as TradeRecord | undefined)?.seq ?? Number.POSITIVE_INFINITY);
    const keep = (v: RowView) => matches(v, filter);
    if (this.cold && this.cold.size > 0) {
      this.cold.scan(below, limit + 1, keep, out);
      below = Math.min(below, this.cold.oldestSeq ?? below);
    }
    if (this.older && !this.liveCut && out.length <= limit) this.older(below, limit + 1, keep, out);
    if (out.length > limit) {
      out.length = limit;
      return { records: out, hasMore: true };
    }
    return { records: out, hasMore: false };
  }
}

function matches(r: RowView, f: TapeFilter): boolean {
  if (f.pools && !(f.pools.has(r.pool) || (r.pool2 !== null && f.pools.has(r.pool2)))) return false;
  if (f.washFilter === "washOnly" && !r.isWash) return false;
  if (f.washFilter === "organicOnly" && r.isWash) return false;
  if (f.type && (f.type === "buy") !== r.isBuy) return false;
  if (f.minUsd !== undefined && r.volumeUsd < f.minUsd) return false;
  if (f.maxUsd !== undefined && r.volumeUsd > f.maxUsd) return false;
  if (f.fromAt !== undefined && r.at < f.fromAt) return false;
  if (f.toAt !== undefined && r.at > f.toAt) return false;
  if (f.makers && !f.makers.has(r.maker)) return false;
  return true;
}

// Cursor: base64url of "t1.<seq>.<token-hash>" — opaque to clients, bound to the token it was issued for.
export function encodeCursor(seq: number, scope: string): string {
  return Buffer.from(`t1.${seq}.${scopeHash(scope)}`).toString("base64url");
}

export function decodeCursor(cursor: string, scope: string): number {
  const bad = () =>
    new ApiError("invalid_parameter", "cursor is not a cursor issued for this token", { param: "cursor" });
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw bad();
  const m = /^t1\.(\d{1,15})\.([0-9a-z]+)$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!m || m[2] !== scopeHash(scope)) throw bad();
  return Number(m[1]);
}

function scopeHash(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}
