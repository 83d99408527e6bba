import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { tradeRecord } from "../testing/fixtures";
import type { IndexedToken } from "./state";
import { LIVE_SEQ_BASE, Tape } from "./tape";
import { makersSince } from "./stats";
import { pruneMakers, READ_RECENTLY_MS, rowsSince, trimTapes } from "./upkeep";

const NOW = Date.UTC(2026, 5, 2, 12);
const H = 3600_000;
let seq = 0;

/** A token whose tape holds `rows` trades evenly spread over the `spanMs` before its last trade. */
function token(rows: number, spanMs: number, lastTradeAt: number, cap = 10_000): IndexedToken {
  const tape = new Tape(cap);
  for (let i = 0; i < rows; i++) {
    const at = Math.round(lastTradeAt - spanMs + (spanMs * (i + 1)) / rows);
    seq++;
    tape.push(tradeRecord(seq, { pool: "P", at, usd: 1 }));
  }
  return { tape, lastTradeAt: rows ? lastTradeAt : null } as unknown as IndexedToken;
}
const sizes = (ts: IndexedToken[]) => ts.reduce((n, t) => n + t.tape.size, 0);

/** A trading token (last trade a second ago) whose tape holds `archived` rows from a day back and `live` rows from an
 *  hour back (live sequence numbers), spaced `archivedStepMs` and `liveStepMs` apart. */
function mixedToken(archived: number, archivedStepMs: number, live: number, liveStepMs: number): IndexedToken {
  const t = token(0, H, NOW - 1_000);
  for (let i = 0; i < archived; i++)
    t.tape.push(tradeRecord(++seq, { pool: "P", at: NOW - 24 * H + i * archivedStepMs, usd: 1 }));
  for (let i = 0; i < live; i++)
    t.tape.push(tradeRecord(LIVE_SEQ_BASE + ++seq, { pool: "P", at: NOW - H + i * liveStepMs, usd: 1 }));
  (t as { lastTradeAt: number | null }).lastTradeAt = NOW - 1_000; // trading, so no idle cut
  return t;
}

describe("trimTapes", () => {
  it("trims quiet and slow launches before a busy token's last 24 h", () => {
    // the busy token is first in index order (established tokens are indexed first)
    const busy = token(6_000, 24 * H, NOW - 1_000);
    const dead = Array.from({ length: 40 }, () => token(400, 6 * H, NOW - 3 * H));
    const slow = Array.from({ length: 40 }, () => token(600, 12 * H, NOW - 60_000));
    const all = [busy, ...dead, ...slow];
    const budget = 30_000;
    const total = trimTapes(all, sizes(all), budget, NOW);
    expect(total).toBe(sizes(all));
    expect(total).toBeLessThanOrEqual(budget);
    expect(busy.tape.size).toBe(6_000);
    expect(rowsSince(busy.tape, NOW - 24 * H + 60_000)).toBeLessThan(busy.tape.size);
    for (const t of dead) expect(t.tape.size).toBeLessThanOrEqual(20);
  });

  it("cuts rows older than a day (and an hour) before cutting anyone's last day", () => {
    const old = token(4_000, 72 * H, NOW - 1_000);
    const busy = token(5_000, 24 * H, NOW - 1_000);
    const all = [old, busy];
    trimTapes(all, sizes(all), 8_000, NOW);
    expect(busy.tape.size).toBe(5_000);
    expect(old.tape.size).toBe(rowsSince(old.tape, NOW - 25 * H));
    expect(old.tape.records[old.tape.records.length - old.tape.size]?.at).toBeGreaterThanOrEqual(NOW - 25 * H);
  });

  it("a tape read in the last 10 minutes keeps its day while the unread tapes can still give room", () => {
    const read = token(3_000, 24 * H, NOW - 1_000);
    read.tape.readAt = NOW - READ_RECENTLY_MS + 60_000;
    const busier = [token(3_000, 24 * H, NOW - 1_000), token(4_000, 24 * H, NOW - 1_000)];
    const all = [read, ...busier];
    trimTapes(all, sizes(all), 3_500, NOW);
    expect(read.tape.size).toBe(3_000);
    // the busier unread tapes gave all the room (down to 20 and 100 rows here)
    expect(sizes(busier)).toBeLessThanOrEqual(3_500 * 0.9 - 3_000);
    // read longer ago: it is cut like any other, least busy first
    const stale = token(3_000, 24 * H, NOW - 1_000);
    stale.tape.readAt = NOW - READ_RECENTLY_MS - 1;
    const others = [token(3_000, 2 * H, NOW - 1_000)];
    trimTapes([stale, ...others], 6_000, 5_000, NOW);
    expect(stale.tape.size).toBeLessThan(3_000);
  });

  it("a tape read in the last minute (being paged through) loses rows after every other read tape", () => {
    // a quiet tape a trader is paging back through now, and two busy tapes opened a few minutes ago
    const scrolled = token(3_000, 24 * H, NOW - 1_000);
    scrolled.tape.readAt = NOW - 1_000;
    const opened = [token(8_000, 24 * H, NOW - 1_000), token(8_000, 24 * H, NOW - 1_000)];
    for (const t of opened) t.tape.readAt = NOW - 5 * 60_000;
    const all = [scrolled, ...opened];
    // 19,000 rows into 13,000 (trimmed to 90 %: 11,700): the room comes from the tapes opened earlier
    const total = trimTapes(all, sizes(all), 13_000, NOW);
    expect(total).toBeLessThanOrEqual(13_000);
    expect(scrolled.tape.size).toBe(3_000);
    expect(sizes(opened)).toBeLessThanOrEqual(11_700 - 3_000);
  });

  it("an unread tape gives its archived rows (generated again when read) before any tape loses a live row", () => {
    const mixed = mixedToken(3_000, 1_000, 300, 1_000);
    mixed.tape.readAt = NOW - READ_RECENTLY_MS - 1;
    const other = token(3_000, 2 * H, NOW - 1_000);
    trimTapes([mixed, other], 6_300, 4_000, NOW);
    expect(mixed.tape.liveCut).toBe(false);
    // its oldest archived rows only, as many as bring the total to 90 % of the budget (6,300 → 3,600)
    expect(mixed.tape.size).toBe(600);
    expect(other.tape.size).toBe(3_000);
    expect(mixed.tape.archivedCutAt).toBeGreaterThan(NOW - 25 * H);
  });

  it("a read tape, even one paged through now, gives its archived rows before an unread tape loses a live row", () => {
    const opened = mixedToken(6_000, 10_000, 50, 60_000);
    opened.tape.readAt = NOW - 5 * 60_000;
    const quiet = mixedToken(0, 0, 400, 9_000); // unread, holding its live hour only (no archived rows)
    const total = trimTapes([quiet, opened], 6_450, 2_000, NOW);
    expect(total).toBeLessThanOrEqual(2_000);
    expect(quiet.tape.size).toBe(400);
    expect(quiet.tape.liveCut).toBe(false);
    expect(opened.tape.liveCut).toBe(false);
    expect(opened.tape.size).toBe(1_400); // 6,450 → 1,800 (90 % of the budget): its oldest archived rows only
    // …and so does a tape paged through this minute (its reader gets them back at the end; an unread tape's live rows
    // would never come back, nor its day with them)
    const scrolled = mixedToken(3_000, 20_000, 0, 0);
    scrolled.tape.readAt = NOW - 1_000;
    const busy = mixedToken(0, 0, 3_000, 1_000);
    trimTapes([scrolled, busy], 6_000, 4_000, NOW);
    expect(busy.tape.size).toBe(3_000);
    expect(busy.tape.liveCut).toBe(false);
    expect(scrolled.tape.size).toBe(600); // 6,000 → 3,600: its oldest archived rows only
    expect(scrolled.tape.liveCut).toBe(false);
  });

  it("leaves a pinned tape whole, even unread and the least busy, and takes the room from the others", () => {
    const pinned = mixedToken(3_000, 20_000, 100, 30_000);
    pinned.tape.pinned = true;
    const others = [mixedToken(3_000, 20_000, 500, 5_000), mixedToken(3_000, 20_000, 500, 5_000)];
    const all = [pinned, ...others];
    const total = trimTapes(all, sizes(all), 4_500, NOW);
    expect(total).toBe(sizes(all));
    expect(total).toBeLessThanOrEqual(4_500);
    expect(pinned.tape.size).toBe(3_100);
    expect(pinned.tape.liveCut).toBe(false);
  });

  it("holds the global budget whenever 20 rows per token fit in it", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ rows: fc.nat(3_000), spanH: fc.integer({ min: 1, max: 48 }), idleMin: fc.nat(600) }), {
          minLength: 1,
          maxLength: 30,
        }),
        fc.integer({ min: 600, max: 40_000 }),
        (specs, budget) => {
          const all = specs.map((s) => token(s.rows, s.spanH * H, NOW - s.idleMin * 60_000));
          const total = trimTapes(all, sizes(all), budget, NOW);
          expect(total).toBe(sizes(all));
          if (all.length * 20 <= budget * 0.9) expect(total).toBeLessThanOrEqual(budget);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("pruneMakers", () => {
  it("forgets a token's makers idle over a day, and every window up to a day still counts the same makers", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 48 * 60 }), { minLength: 1, maxLength: 300 }), (agesMin) => {
        // makers in the order they last traded (the map's order: a trade moves its maker to the end)
        const lastAts = agesMin.map((m) => NOW - m * 60_000).sort((a, b) => a - b);
        const makers = new Map(
          lastAts.map((lastAt, i) => [`W${i}`, { buys: 1, sells: 0, firstBuyAt: lastAt, lastAt }] as const),
        );
        const t = {
          pools: [],
          makers,
          makersFrom: NOW - 30 * 24 * H,
          createdAt: NOW - 30 * 24 * H,
          makersLostAt: Number.NEGATIVE_INFINITY,
          makerSketch: null,
        } as unknown as IndexedToken;
        const windows = [5 * 60_000, H, 6 * H, 24 * H].map((w) => NOW - w);
        const before = windows.map((from) => makersSince(t, null, from));
        pruneMakers([t], NOW);
        expect([...t.makers.values()].every((m) => m.lastAt >= NOW - 24 * H)).toBe(true);
        expect(t.makers.size).toBe(lastAts.filter((at) => at >= NOW - 24 * H).length);
        expect(t.makersLostAt).toBeLessThan(NOW - 24 * H);
        expect(windows.map((from) => makersSince(t, null, from))).toEqual(before);
      }),
    );
  });
});
