import { type TokenTrade, type TradeKey, tradeKey } from "@/lib/api";

// Per trades subscription: the last rows seen (bounded by count and age) so a browser that reconnects within
// seconds can ask for what it missed (`sinceAt`), and so a row the upstream repeats (after a reconnect, or a
// duplicate delivery) is forwarded once. Identity is txHash + block + logIndex (§6).

export interface ReplayLimits {
  maxRows: number;
  maxAgeMs: number;
}

export const DEFAULT_REPLAY_LIMITS: ReplayLimits = { maxRows: 500, maxAgeMs: 30_000 };

interface Entry {
  row: TokenTrade;
  receivedAt: number;
  reverted: boolean;
  /** Forwarding order of its latest state, and of its first (a preconfirmed row's, when it was confirmed since). */
  seq: number;
  firstSeq: number;
}

/** A resume cursor: the row, and whether the browser had it preconfirmed (its confirmation may have come since). */
export type ReplayCursor = TradeKey & { preconfirmed?: boolean };

export class ReplayWindow {
  private readonly entries = new Map<string, Entry>();
  private seq = 0;

  constructor(private readonly limits: ReplayLimits = DEFAULT_REPLAY_LIMITS) {}

  get size(): number {
    return this.entries.size;
  }

  /** Records rows; returns those worth forwarding: unseen, or a preconfirmed row now confirmed. */
  add(rows: readonly TokenTrade[], now: number): TokenTrade[] {
    this.evict(now);
    const fresh: TokenTrade[] = [];
    for (const row of rows) {
      const key = tradeKey(row);
      const seen = this.entries.get(key);
      if (seen && (seen.reverted || !seen.row.preconfirmed || row.preconfirmed)) continue;
      // A confirmation replaces the preconfirmed row and moves to the end: arrival order is the order rows were
      // forwarded in, so a browser resuming after a row it had is replayed the confirmation it missed.
      if (seen) this.entries.delete(key);
      const seq = ++this.seq;
      this.entries.set(key, { row, receivedAt: now, reverted: false, seq, firstSeq: seen?.firstSeq ?? seq });
      fresh.push(row);
    }
    this.trim();
    return fresh;
  }

  /** A reverted preconfirmed row stays as a tombstone, so a late copy of it is not forwarded again. */
  revert(keys: readonly TradeKey[], now: number): void {
    this.evict(now);
    for (const k of keys) {
      const key = tradeKey(k);
      const seen = this.entries.get(key);
      if (seen) seen.reverted = true;
      else {
        const seq = ++this.seq;
        this.entries.set(key, { row: { ...k } as TokenTrade, receivedAt: now, reverted: true, seq, firstSeq: seq });
      }
    }
    this.trim();
  }

  /**
   * What a resuming browser missed, in arrival order. With `after` (the last row the browser was forwarded) still in
   * the window: the rows forwarded after it, so none it already had. A row confirmed since the browser had it
   * preconfirmed counts from where it was first forwarded (its confirmation moved it to the end). Otherwise rows with
   * `at >= sinceAt` (>=: a same-millisecond row is not lost; the browser dedups).
   */
  since(sinceAt: number, now: number, after?: ReplayCursor): TokenTrade[] {
    this.evict(now);
    const out: TokenTrade[] = [];
    const at = after ? this.entries.get(tradeKey(after)) : undefined;
    if (at) {
      const from = after?.preconfirmed && !at.row.preconfirmed ? at.firstSeq : at.seq;
      for (const e of this.entries.values()) if (!e.reverted && e.seq > from) out.push(e.row);
      return out;
    }
    for (const e of this.entries.values()) if (!e.reverted && e.row.at >= sinceAt) out.push(e.row);
    return out;
  }

  /** Seen (forwarded or reverted) and not yet evicted; a preconfirmed row counts as seen only while it stays so. */
  seen(row: TokenTrade): boolean {
    const e = this.entries.get(tradeKey(row));
    return e !== undefined && (e.reverted || !e.row.preconfirmed || row.preconfirmed);
  }

  /** The newest live row by `at` (a poller continues from it). */
  newest(): TokenTrade | undefined {
    let best: TokenTrade | undefined;
    for (const e of this.entries.values()) if (!e.reverted && (!best || e.row.at > best.at)) best = e.row;
    return best;
  }

  /**
   * Live preconfirmed rows received before `before` (ours, as `now` in `add`; all when absent): a poller reverts those
   * that vanish from a REST answer taken after they arrived.
   */
  preconfirmed(before = Number.POSITIVE_INFINITY): TokenTrade[] {
    const out: TokenTrade[] = [];
    for (const e of this.entries.values()) if (!e.reverted && e.row.preconfirmed && e.receivedAt < before) out.push(e.row);
    return out;
  }

  clear(): void {
    this.entries.clear();
  }

  private evict(now: number): void {
    const oldest = now - this.limits.maxAgeMs;
    for (const [key, e] of this.entries) {
      if (e.receivedAt >= oldest) break; // insertion order = arrival order
      this.entries.delete(key);
    }
  }

  private trim(): void {
    let excess = this.entries.size - this.limits.maxRows;
    for (const key of this.entries.keys()) {
      if (excess-- <= 0) break;
      this.entries.delete(key);
    }
  }
}
