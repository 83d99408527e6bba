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
    expect(w.since(0, 3)).toEqual([trade(1, 100, false), trade(2, 101)]);
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
