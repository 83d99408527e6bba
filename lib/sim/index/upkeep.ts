import type { IndexedToken } from "./state";
import { LIVE_SEQ_BASE, type Tape } from "./tape";

// Periodic upkeep that keeps the index within its caps.

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

/** Rows of `tape` at or after `at` (rows are in sequence order, so their times do not decrease). */
export function rowsSince(tape: Tape, at: number): number {
  return tape.records.length - tape.indexAtLeast("at", at);
}

/** A tape read within this long is someone's open page: it keeps its history until every other tape gave way. */
export const READ_RECENTLY_MS = 10 * MIN;
/** Rows of `tape` (within its cap) whose sequence number is below `seq`. */
function rowsBelow(tape: Tape, seq: number): number {
  return tape.indexAtLeast("seq", seq) - tape.first;
}

/** A tape read within this long is being paged through right now: it is the very last to lose rows. */
export const READ_ACTIVELY_MS = MIN;
/** What the day-old cut keeps: a day and an hour, so a tape read now still reaches a full day back while it is read. */
export const KEEP_DAY_MS = DAY + 60 * MIN;

/** A trim took archived rows of the tape's last day and no live row: a read to its end can put them back. */
export function refillable(tape: Tape, now: number): boolean {
  return !tape.liveCut && tape.archivedCutAt >= now - KEEP_DAY_MS && (tape.cold?.size ?? 0) === 0;
}

/**
 * Keeps all tapes within `budget` rows. Dead launches lose their history first, then quiet ones, then every tape
 * what is older than a day (and an hour); only then are tapes cut by count, least busy (fewest rows in the last
 * hour) first, so a busy token keeps its last day of tape as long as the budget allows it at all. Archived rows (made
 * again when a read reaches them) go before any live row. Tapes read in the last 10 minutes are spared by the first
 * cuts and come last in the count cuts. A pinned tape is not cut. Ends at or below `budget` whenever 20 rows per
 * token and the pinned tapes fit in it.
 */
export function trimTapes(tokens: Iterable<IndexedToken>, total: number, budget: number, now: number): number {
  if (total <= budget) return total;
  const target = budget * 0.9;
  const list = [...tokens].filter((t) => !t.tape.pinned);
  const timed: [keep: number, idleMs: number][] = [
    [20, 60 * MIN],
    [100, 10 * MIN],
  ];
  const read = (t: IndexedToken) => t.tape.readAt > now - READ_RECENTLY_MS;
  for (const [keep, idleMs] of timed) {
    for (const t of list) {
      if (total <= target) return total;
      if (t.tape.size <= keep || (t.lastTradeAt ?? 0) > now - idleMs || read(t)) continue;
      total -= t.tape.spillTo(keep);
    }
  }
  for (const t of list) {
    if (total <= target) return total;
    total -= t.tape.spillTo(Math.max(20, rowsSince(t.tape, now - KEEP_DAY_MS)));
  }
  const byActivity = (tokens: IndexedToken[]) =>
    tokens
      .map((t) => ({ t, rate: rowsSince(t.tape, now - 60 * MIN) }))
      .sort((a, b) => a.rate - b.rate)
      .map((x) => x.t);
  // Archived rows before any live row: they are generated again, identical, when a read reaches the tape's end; live
  // rows are not. Unread tapes first, then tapes read lately but not paged through this minute (an open page reading
  // its newest rows does not see them go; one scrolling down gets them back at the end), then tapes being paged now
  // (their reader gets them back the same way, while an unread tape's live rows, once cut, lose its day for good).
  const active = (t: IndexedToken) => t.tape.readAt > now - READ_ACTIVELY_MS;
  const [unread, readLately, paging] = [
    list.filter((t) => !read(t)),
    list.filter((t) => read(t) && !active(t)),
    list.filter(active),
  ];
  for (const t of [...byActivity(unread), ...byActivity(readLately), ...byActivity(paging)]) {
    if (total <= target) return total;
    // only what brings the total to the target: the oldest archived rows, the rest stays for its readers
    const live = t.tape.size - rowsBelow(t.tape, LIVE_SEQ_BASE);
    const keep = Math.max(20, live, t.tape.size - Math.ceil(total - target));
    if (t.tape.size > keep) total -= t.tape.spillTo(keep);
  }
  // Then by count: tapes nobody read lately down to 20 rows before a read one loses anything, and a tape read in the
  // last minute (a page open on it, paging back now) last of all: it loses rows only once every other tape is at 20.
  for (const group of [unread, readLately, paging]) {
    const ordered = byActivity(group);
    for (const keep of [500, 100, 20]) {
      for (const t of ordered) {
        if (total <= target) return total;
        if (t.tape.size > keep) total -= t.tape.spillTo(keep);
      }
    }
  }
  return total;
}

/**
 * Keeps the cold rows (live rows tapes let go of) within a day and an hour and within `budget` rows: rows older than
 * that go; over the budget, tokens idle for an hour and not read lately lose theirs first, then the biggest stores
 * their oldest rows. A token whose cold rows went ends at the oldest row left. Returns the cold rows left.
 */
export function trimCold(tokens: Iterable<IndexedToken>, budget: number, now: number): number {
  let total = 0;
  const held: IndexedToken[] = [];
  for (const t of tokens) {
    t.tape.dropCold({ before: now - KEEP_DAY_MS });
    const n = t.tape.cold?.size ?? 0;
    if (n > 0) held.push(t);
    total += n;
  }
  if (total <= budget) return total;
  const target = budget * 0.9;
  for (const t of held) {
    if (total <= target) return total;
    if ((t.lastTradeAt ?? 0) > now - 60 * MIN || t.tape.readAt > now - READ_RECENTLY_MS) continue;
    total -= t.tape.dropCold({ n: Number.POSITIVE_INFINITY });
  }
  held.sort((a, b) => (b.tape.cold?.size ?? 0) - (a.tape.cold?.size ?? 0));
  while (total > target) {
    const t = held.find((x) => (x.tape.cold?.size ?? 0) > 0);
    if (!t) break;
    // down to the next biggest (or what brings the total to the target), so the biggest shrink together
    const next = held.find((x) => x !== t && (x.tape.cold?.size ?? 0) < (t.tape.cold?.size ?? 0))?.tape.cold?.size ?? 0;
    const cut = Math.max(1, Math.min((t.tape.cold?.size ?? 0) - next, Math.ceil(total - target)));
    total -= t.tape.dropCold({ n: cut });
    held.sort((a, b) => (b.tape.cold?.size ?? 0) - (a.tape.cold?.size ?? 0));
  }
  return total;
}

/** Time-based retention of fine candles, also for pools that stopped trading (and frees their storage). */
export function expireCandles(tokens: Iterable<IndexedToken>, now: number): void {
  const sec = Math.floor(now / 1000);
  for (const t of tokens) {
    for (const p of t.pools) {
      p.s1.expire(sec);
      p.m1.expire(sec);
    }
  }
}

/**
 * Makers idle over a day go. Pool makers only serve windowed counts (at most 24 h). A token's makers also hold tx
 * counts and the first buy (the sniper badge) of each wallet: one back after a day idle starts again from its return,
 * as one forgotten at the per-token cap does (`makersLostAt` keeps windows that reach the forgotten ones unknown, not
 * wrong). Without this, a token's map only stops growing at the cap, and the market's heap grows for days.
 */
export function pruneMakers(tokens: Iterable<IndexedToken>, now: number): void {
  const cutoff = now - 24 * 3600_000;
  for (const t of tokens) {
    for (const p of t.pools) {
      if (p.makers.size === 0) continue;
      if ((t.lastTradeAt ?? 0) < cutoff) p.makers.clear();
      else for (const [w, at] of p.makers) if (at < cutoff) p.makers.delete(w);
    }
    // least recently trading first (a trade moves its maker to the end)
    for (const [w, m] of t.makers) {
      if (m.lastAt >= cutoff) break;
      t.makersLostAt = Math.max(t.makersLostAt, m.lastAt);
      t.makers.delete(w);
    }
  }
}
