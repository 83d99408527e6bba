import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { TokenTrade } from "@/lib/api/core";
import { compareTrades } from "./reducers/trades";
import { repairRowsForRing } from "./repair";
import { trade } from "./testing/fixtures";

// A repair's REST rows against the live ring: the ring holds every row from its oldest one up, and never takes in a
// partial millisecond at the bottom of a page that has more after it.

const row = (at: number, block: number, logIndex: number): TokenTrade =>
  trade({ at, block, logIndex, txHash: `0x${at.toString(16)}${block.toString(16)}${logIndex}` });

const arbRows = fc.array(
  fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 3 })),
  { maxLength: 40 },
);
const unique = (xs: [number, number, number][]) => [...new Map(xs.map((x) => [x.join(":"), row(...x)])).values()];

describe("repairRowsForRing", () => {
  it("takes nothing below the ring's oldest row, and everything at or above it", () => {
    fc.assert(
      fc.property(arbRows, fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 5 })), fc.boolean(), (xs, [at, block], more) => {
        const rows = unique(xs);
        const oldest = row(at, block, 1);
        const kept = repairRowsForRing(rows, oldest, more);
        expect(kept.every((r) => compareTrades(r, oldest) <= 0)).toBe(true);
        expect(kept.length).toBe(rows.filter((r) => compareTrades(r, oldest) <= 0).length);
      }),
    );
  });

  it("into an empty ring, drops the last page's oldest millisecond while more pages follow", () => {
    // A block's swaps share a time; the service's page ended inside it (its order within a millisecond is its own).
    const page = [row(30, 9, 0), row(20, 8, 1), row(10, 7, 0), row(10, 7, 2)];
    expect(repairRowsForRing(page, undefined, true).map((r) => r.at)).toEqual([30, 20]);
    expect(repairRowsForRing(page, undefined, false)).toEqual(page);
  });

  it("keeps a page that is one millisecond whole (nothing better to show) and any page that ends the tape", () => {
    fc.assert(
      fc.property(arbRows, fc.boolean(), (xs, more) => {
        const rows = unique(xs);
        const kept = repairRowsForRing(rows, undefined, more);
        const oldestAt = Math.min(...rows.map((r) => r.at));
        if (!more || rows.every((r) => r.at === oldestAt)) expect(kept).toEqual(rows);
        else expect(kept).toEqual(rows.filter((r) => r.at > oldestAt));
      }),
    );
  });
});
