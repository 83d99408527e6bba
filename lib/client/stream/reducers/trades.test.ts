import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PRECONFIRM_TTL_MS, tradeKey } from "@/lib/api";
import { trade, tradeArb } from "../testing/fixtures";
import {
  compareTrades,
  emptyTape,
  mergeTrades,
  normalizeRows,
  pruneTrades,
  replayFrom,
  revertTrades,
  type TapeState,
  tapeView,
  truncateTrades,
} from "./trades";

const T0 = 1_700_000_000_000;
const keys = (s: TapeState) => s.rows.map(tradeKey);

describe("trades reducer", () => {
  it("keeps rows of one transaction apart by block and logIndex", () => {
    const a = trade({ txHash: "0xa", block: 1, logIndex: 0, at: T0 });
    const b = trade({ txHash: "0xa", block: 1, logIndex: 1, at: T0 });
    const s = mergeTrades(emptyTape(), [a, b, a]);
    expect(s.rows).toHaveLength(2);
    expect(keys(s)).toEqual(["0xa:1:1", "0xa:1:0"]);
  });

  it("orders newest first by at, then block, then logIndex", () => {
    const rows = [
      trade({ txHash: "0x1", block: 5, logIndex: 0, at: T0 }),
      trade({ txHash: "0x2", block: 6, logIndex: 3, at: T0 }),
      trade({ txHash: "0x3", block: 6, logIndex: 7, at: T0 }),
      trade({ txHash: "0x4", block: 4, logIndex: 0, at: T0 + 1 }),
    ];
    expect(mergeTrades(emptyTape(), rows).rows.map((r) => r.txHash)).toEqual(["0x4", "0x3", "0x2", "0x1"]);
  });

  it("shows a preconfirmed row flagged, then replaces it with the confirmed version", () => {
    const pre = trade({ txHash: "0xp", block: 9, logIndex: 0, at: T0, preconfirmed: true });
    let s = mergeTrades(emptyTape(), [pre]);
    expect(s.rows[0].preconfirmed).toBe(true);
    s = mergeTrades(s, [{ ...pre, preconfirmed: false }]);
    expect(s.rows).toHaveLength(1);
    expect(s.rows[0].preconfirmed).toBe(false);
    // A late duplicate of the preconfirmed copy never downgrades it.
    expect(mergeTrades(s, [pre]).rows[0].preconfirmed).toBe(false);
  });

  it("drops a preconfirmed row when its transaction confirms under another block number", () => {
    const pre = trade({ txHash: "0xp", block: 9, logIndex: 0, at: T0, preconfirmed: true });
    const confirmed = trade({ txHash: "0xp", block: 10, logIndex: 4, at: T0 + 2500 });
    const s = mergeTrades(mergeTrades(emptyTape(), [pre]), [confirmed]);
    expect(keys(s)).toEqual(["0xp:10:4"]);
  });

  it("keeps a late preconfirmed copy out after its confirmed sibling was evicted", () => {
    const confirmed = trade({ txHash: "0x3", block: 1, logIndex: 0, at: T0 });
    const newer = trade({ txHash: "0x4", block: 1, logIndex: 1, at: T0 });
    const latePre = trade({ txHash: "0x3", block: 1, logIndex: 2, at: T0, preconfirmed: true });
    let s = mergeTrades(emptyTape(1), [confirmed]);
    s = mergeTrades(mergeTrades(s, [newer]), [latePre]);
    expect(keys(s)).toEqual(["0x4:1:1"]);
  });

  it("takes no row in below what the bound cut, even once a confirmation made room", () => {
    // A full ring keeps a preconfirmed row over a confirmed one; the confirmation of the first lands below the cut.
    const pre = trade({ txHash: "0xb", block: 6, logIndex: 2, at: T0, preconfirmed: true });
    const cut = trade({ txHash: "0xc", block: 6, logIndex: 2, at: T0 });
    const confirmation = trade({ txHash: "0xb", block: 6, logIndex: 0, at: T0 });
    let s = mergeTrades(emptyTape(1), [pre]);
    s = mergeTrades(s, [cut]);
    expect(keys(s)).toEqual(["0xb:6:2"]);
    expect(s.floor && tradeKey(s.floor)).toBe("0xc:6:2");
    s = mergeTrades(s, [confirmation]);
    // Not the confirmation alone, under the hole where the cut row was: nothing, until newer rows come.
    expect(keys(s)).toEqual([]);
    const later = trade({ txHash: "0xd", block: 7, logIndex: 0, at: T0 + 1 });
    expect(keys(mergeTrades(s, [later, confirmation]))).toEqual(["0xd:7:0"]);
  });

  it("removes a preconfirmed row on revert and keeps stale copies of it out", () => {
    const pre = trade({ txHash: "0xr", block: 9, logIndex: 0, at: T0, preconfirmed: true });
    const other = trade({ txHash: "0xo", block: 8, logIndex: 0, at: T0 - 1 });
    let s = mergeTrades(emptyTape(), [pre, other]);
    s = revertTrades(s, [{ txHash: "0xr", block: 9, logIndex: 0 }]);
    expect(keys(s)).toEqual(["0xo:8:0"]);
    expect(keys(mergeTrades(s, [pre]))).toEqual(["0xo:8:0"]);
    expect(tapeView(s, [pre], { serverNow: T0 }).rows.map(tradeKey)).toEqual(["0xo:8:0"]);
  });

  it("prunes preconfirmed rows not confirmed within the TTL, keeps confirmed ones", () => {
    const pre = trade({ txHash: "0xp", block: 9, logIndex: 0, at: T0, preconfirmed: true });
    const done = trade({ txHash: "0xd", block: 8, logIndex: 0, at: T0 - 60_000 });
    const s = mergeTrades(emptyTape(), [pre, done]);
    expect(pruneTrades(s, T0 + PRECONFIRM_TTL_MS)).toBe(s);
    expect(keys(pruneTrades(s, T0 + PRECONFIRM_TTL_MS + 1))).toEqual(["0xd:8:0"]);
  });

  it("holds at most `cap` rows, evicting the oldest", () => {
    let s = emptyTape(10);
    for (let i = 0; i < 25; i++) s = mergeTrades(s, [trade({ txHash: `0x${i}`, block: i, logIndex: 0, at: T0 + i })]);
    expect(s.rows).toHaveLength(10);
    expect(s.rows[0].txHash).toBe("0x24");
    expect(s.rows[9].txHash).toBe("0x15");
    // A row older than everything kept does not come back once the ring is full.
    expect(mergeTrades(s, [trade({ txHash: "0xold", block: 0, logIndex: 0, at: T0 - 5 })]).rows).toEqual(s.rows);
  });

  it("truncates below a row so an unrepaired gap never shows", () => {
    const rows = [0, 1, 2, 3].map((i) => trade({ txHash: `0x${i}`, block: i, logIndex: 0, at: T0 + i }));
    expect(truncateTrades(mergeTrades(emptyTape(), rows), rows[2]).rows.map((r) => r.txHash)).toEqual(["0x3", "0x2"]);
    expect(truncateTrades(mergeTrades(emptyTape(), rows), rows[2], false).rows.map((r) => r.txHash)).toEqual(["0x3"]);
  });

  it("merges live rows with REST pages without duplicates and reports a hole", () => {
    const rest = [3, 2, 1].map((i) => trade({ txHash: `0x${i}`, block: i, logIndex: 0, at: T0 + i * 1000 }));
    const ring = mergeTrades(
      emptyTape(),
      [4, 3].map((i) => trade({ txHash: `0x${i}`, block: i, logIndex: 0, at: T0 + i * 1000 })),
    );
    const v = tapeView(ring, rest, { restAsOf: T0 + 3500, serverNow: T0 });
    expect(v.rows.map((r) => r.txHash)).toEqual(["0x4", "0x3", "0x2", "0x1"]);
    expect(v.gap).toBe(false);
    expect(tapeView(ring, rest, { restAsOf: T0 + 2500, serverNow: T0 }).gap).toBe(true);
    // Filters apply to live rows; REST pages arrive already filtered by the server.
    const live = mergeTrades(
      emptyTape(),
      [5, 4].map((i) => trade({ txHash: `0x${i}`, block: i, logIndex: 0, at: T0 + i * 1000 })),
    );
    const even = tapeView(live, [], { serverNow: T0, filter: (r) => r.block % 2 === 0 });
    expect(even.rows.map((r) => r.txHash)).toEqual(["0x4"]);
  });
});

const sameState = (a: TapeState, b: TapeState) => expect(a.rows).toEqual(b.rows);

describe("trades reducer properties", () => {
  it("never holds duplicate keys, keeps order and the bound, for any batches", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(tradeArb, { maxLength: 12 }), { maxLength: 15 }),
        fc.integer({ min: 1, max: 40 }),
        (batches, cap) => {
          let s = emptyTape(cap);
          for (const b of batches) {
            s = mergeTrades(s, b);
            const ks = keys(s);
            expect(new Set(ks).size).toBe(ks.length);
            expect(s.rows.length).toBeLessThanOrEqual(cap);
            for (let i = 1; i < s.rows.length; i++) expect(compareTrades(s.rows[i - 1], s.rows[i])).toBeLessThan(0);
          }
        },
      ),
    );
  });

  it("holds the newest rows of the union, none missing between, for the same rows in any order, split and duplicated any way", () => {
    const scenario = fc
      .array(tradeArb, { maxLength: 40 })
      .chain((rows) =>
        fc.tuple(
          fc.constant(rows),
          fc.shuffledSubarray([...rows, ...rows], { minLength: rows.length * 2 }),
          fc.integer({ min: 1, max: 7 }),
          fc.integer({ min: 1, max: 50 }),
        ),
      );
    fc.assert(
      fc.property(scenario, ([rows, shuffled, chunk, cap]) => {
        const once = mergeTrades(emptyTape(cap), rows);
        let s = emptyTape(cap);
        for (let i = 0; i < shuffled.length; i += chunk) s = mergeTrades(s, shuffled.slice(i, i + chunk));
        const union = normalizeRows(rows);
        // Whatever the order: the newest rows of the union, in order, none missing between them, within the bound.
        for (const state of [s, once]) {
          expect(state.rows.length).toBeLessThanOrEqual(cap);
          expect(state.rows).toEqual(union.slice(0, state.rows.length));
        }
        // The bounded normal form itself, unless a preconfirmed row the bound kept was replaced by its confirmation
        // below the cut (the ring then holds fewer rows rather than take one in under the cut rows).
        const superseded = new Set(rows.map(tradeKey)).size > union.length;
        if (!superseded) sameState(s, once);
        expect(once.rows).toEqual(union.slice(0, cap));
      }),
      { numRuns: 300 },
    );
  });

  it("the tape view equals the normal form of REST ∪ live: no duplicates, nothing lost", () => {
    fc.assert(
      fc.property(fc.array(tradeArb, { maxLength: 40 }), fc.array(tradeArb, { maxLength: 40 }), (rest, live) => {
        const ring = mergeTrades(emptyTape(), live);
        const restPage = normalizeRows(rest);
        const v = tapeView(ring, restPage, { serverNow: 0 });
        expect(v.rows).toEqual(normalizeRows([...restPage, ...ring.rows]));
        const ks = v.rows.map(tradeKey);
        expect(new Set(ks).size).toBe(ks.length);
      }),
    );
  });

  it("merging the same rows again changes nothing", () => {
    fc.assert(
      fc.property(fc.array(tradeArb, { maxLength: 40 }), (rows) => {
        const s = mergeTrades(emptyTape(), rows);
        sameState(mergeTrades(s, rows), s);
      }),
    );
  });

  it("a resubscribe replays from the newest row, or from the oldest row still awaiting confirmation", () => {
    const at = (i: number) => T0 + i * 1_000;
    const row = (i: number, preconfirmed = false) =>
      trade({ txHash: `0x${i.toString(16).padStart(4, "0")}`, block: i, logIndex: 0, at: at(i), preconfirmed });
    expect(replayFrom([])).toBeUndefined();
    expect(replayFrom(mergeTrades(emptyTape(), [row(1), row(2), row(3)]).rows)).toBe(at(3));
    // row 2 was preconfirmed when the browser left: its confirmation, made meanwhile, is older than the newest row
    expect(replayFrom(mergeTrades(emptyTape(), [row(1), row(2, true), row(3)]).rows)).toBe(at(2));
    expect(replayFrom(mergeTrades(emptyTape(), [row(1), row(3, true)]).rows)).toBe(at(3));
    fc.assert(
      fc.property(fc.array(tradeArb, { maxLength: 40 }), (rows) => {
        const ring = mergeTrades(emptyTape(), rows).rows;
        const from = replayFrom(ring);
        if (ring.length === 0) {
          expect(from).toBeUndefined();
          return;
        }
        // at or before the newest row, and at or before every pending one
        expect(from).toBeLessThanOrEqual(ring[0]?.at as number);
        for (const r of ring) if (r.preconfirmed) expect(r.at).toBeGreaterThanOrEqual(from as number);
      }),
    );
  });
});
