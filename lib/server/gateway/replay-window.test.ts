import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { tradeKey } from "@/lib/api";
import { ReplayWindow } from "./replay-window";
import { trade } from "./testing/fixtures";

describe("trades replay window", () => {
  it("forwards a row once, then its confirmation once", () => {
    const w = new ReplayWindow();
    expect(w.add([trade(1, 100, true), trade(2, 101)], 0)).toHaveLength(2);
    expect(w.add([trade(1, 100, true), trade(2, 101)], 1)).toHaveLength(0);
    expect(w.add([trade(1, 100, false)], 2)).toEqual([trade(1, 100, false)]);
    expect(w.add([trade(1, 100, true), trade(1, 100, false)], 3)).toHaveLength(0);
    // In the order forwarded: the confirmation came last.
    expect(w.since(0, 3)).toEqual([trade(2, 101), trade(1, 100, false)]);
  });

  it("resumes after the last row a browser was forwarded: none it had, every one it missed", () => {
    const w = new ReplayWindow();
    // Three rows in one block share a time; the browser had the first two.
    w.add([trade(1, 100), trade(2, 100), trade(3, 100, true)], 0);
    w.add([trade(4, 100)], 1);
    expect(w.since(100, 1, trade(2, 100)).map((t) => t.txHash)).toEqual([trade(3, 100).txHash, trade(4, 100).txHash]);
    // The preconfirmed row it had is confirmed while it is away: the confirmation is replayed, nothing else again.
    w.add([trade(3, 100, false)], 2);
    expect(w.since(100, 2, trade(4, 100))).toEqual([trade(3, 100, false)]);
    // A reverted row is not replayed, and the cursor may be one.
    w.revert([trade(5, 100)], 3);
    w.add([trade(6, 101)], 3);
    expect(w.since(100, 3, trade(3, 100)).map((t) => t.at)).toEqual([101]);
    // The browser had row 3 preconfirmed when it left; 3 was confirmed after row 4 came: 4, then 3's confirmation.
    expect(w.since(100, 3, { ...trade(3, 100), preconfirmed: true }).map((t) => `${t.txHash.slice(-1)}:${t.preconfirmed}`)).toEqual([
      "4:false",
      "3:false",
      "6:false",
    ]);
    // A cursor the window no longer holds (or never did): every row at or after sinceAt.
    expect(w.since(101, 3, trade(99, 1)).map((t) => t.at)).toEqual([101]);
  });

  it("a resume after any forwarded row replays exactly what was forwarded after it, its own confirmation included", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ n: fc.nat(30), pre: fc.boolean(), dt: fc.nat(3), revert: fc.boolean() }), { maxLength: 120 }),
        fc.nat(),
        (ops, pick) => {
          const w = new ReplayWindow({ maxRows: 1_000, maxAgeMs: 1e9 });
          let now = 0;
          const log: { n: number; key: string; state: string; pre: boolean; reverted: boolean }[] = [];
          for (const op of ops) {
            now += op.dt;
            if (op.revert) {
              w.revert([trade(op.n, 0)], now);
              for (const e of log) if (e.key === tradeKey(trade(op.n, 0))) e.reverted = true;
            } else
              for (const r of w.add([trade(op.n, now, op.pre)], now))
                log.push({
                  n: op.n,
                  key: tradeKey(r),
                  state: `${tradeKey(r)}:${r.preconfirmed}`,
                  pre: r.preconfirmed,
                  reverted: false,
                });
          }
          if (log.length === 0) return;
          const cut = pick % log.length;
          const cursor = log[cut] as (typeof log)[number];
          const had = new Set(log.slice(0, cut + 1).map((e) => e.state));
          const after = log.slice(cut + 1);
          // The newest state of each row forwarded after the cursor, unless reverted since.
          const expected = after.filter((e, i) => !e.reverted && !after.slice(i + 1).some((l) => l.key === e.key));
          // The cursor as the browser had it: a preconfirmed row may have been confirmed since (moved on).
          const replay = w.since(0, now, { ...trade(cursor.n, 0), preconfirmed: cursor.pre });
          expect(replay.map((r) => `${tradeKey(r)}:${r.preconfirmed}`)).toEqual(expected.map((e) => e.state));
          for (const r of replay) expect(had.has(`${tradeKey(r)}:${r.preconfirmed}`)).toBe(false);
        },
      ),
    );
  });

  it("replays rows at or after sinceAt, without reverted ones", () => {
    const w = new ReplayWindow();
    w.add([trade(1, 100), trade(2, 200, true), trade(3, 300)], 0);
    w.revert([trade(2, 200)], 1);
    expect(w.since(200, 1).map((t) => t.at)).toEqual([300]);
    expect(w.since(100, 1).map((t) => t.at)).toEqual([100, 300]);
    expect(w.add([trade(2, 200, true)], 2)).toHaveLength(0); // a late copy of a reverted row stays dropped
  });

  it("forgets rows past the age limit", () => {
    const w = new ReplayWindow({ maxRows: 10, maxAgeMs: 1_000 });
    w.add([trade(1, 1)], 0);
    w.add([trade(2, 2)], 600);
    expect(w.since(0, 1_200).map((t) => t.at)).toEqual([2]);
    expect(w.size).toBe(1);
  });

  it("holds its bounds and never forwards a duplicate inside them, whatever arrives", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ n: fc.nat(40), pre: fc.boolean(), dt: fc.nat(300), revert: fc.boolean() }), { maxLength: 300 }),
        fc.integer({ min: 1, max: 60 }),
        (ops, maxRows) => {
          const w = new ReplayWindow({ maxRows, maxAgeMs: 5_000 });
          let now = 0;
          const forwarded: string[] = [];
          for (const op of ops) {
            now += op.dt;
            if (op.revert) w.revert([trade(op.n, 0)], now);
            else for (const r of w.add([trade(op.n, now, op.pre)], now)) forwarded.push(`${tradeKey(r)}:${r.preconfirmed}`);
            expect(w.size).toBeLessThanOrEqual(maxRows);
            for (const r of w.since(0, now)) expect(r.at).toBeGreaterThanOrEqual(now - 5_000);
          }
          // Within bounds (fewer distinct rows than the cap, all inside the age window) there are no duplicates.
          if (new Set(ops.map((o) => o.n)).size <= maxRows && now <= 5_000) expect(new Set(forwarded).size).toBe(forwarded.length);
        },
      ),
    );
  });
});
