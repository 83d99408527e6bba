import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pulseToken } from "@/lib/client/stream/testing/fixtures";
import { EMPTY_FILTER } from "./filter-params";
import { visibleTokens } from "./filters";
import { firstPaint, firstPaintRows, INITIAL_ROWS, isVirtual, VIRTUALIZE_AT } from "./first-paint";

const NOW = 1_700_000_000_000;
const noPad = () => null;
const list = (mcaps: number[]) =>
  mcaps.map((m, i) => pulseToken({ address: `0x${i.toString(16).padStart(40, "0")}`, marketCapUsd: m }));

describe("a column's first paint", () => {
  it("is a screenful for a virtual list, the whole list for a short one", () => {
    expect(isVirtual(VIRTUALIZE_AT)).toBe(false);
    expect(isVirtual(VIRTUALIZE_AT + 1)).toBe(true);
    expect(firstPaintRows(50)).toBe(INITIAL_ROWS);
    expect(firstPaintRows(30)).toBe(30);
  });

  it("draws from the cut list exactly what it draws from the whole one (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 20_000 }), { maxLength: 100 }),
        fc.integer({ min: 1, max: 100 }),
        fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: null }),
        (mcaps, limit, minMcap) => {
          const tokens = list(mcaps);
          const state = { limit, filter: { ...EMPTY_FILTER, minMcap } };
          const shown = (from: typeof tokens) =>
            visibleTokens(from, state.filter, state.limit, NOW, noPad).slice(0, firstPaintRows(limit));
          const first = firstPaint(tokens, state, NOW, noPad);
          expect(shown(first.tokens)).toEqual(shown(tokens));
          expect(first.tokens.length).toBeLessThanOrEqual(firstPaintRows(limit));
          // Kept in list order, so the live list's deltas and the browser's filter see the same sequence.
          expect(first.tokens).toEqual(tokens.filter((t) => first.tokens.includes(t)));
          expect(first.counts).toEqual({
            count: visibleTokens(tokens, state.filter, limit, NOW, noPad).length,
            tracked: tokens.length,
          });
        },
      ),
    );
  });

  it("keeps 12 of 100 rows on the default board, and the whole list under an age filter", () => {
    const tokens = list(Array.from({ length: 100 }, (_, i) => 1_000 + i));
    expect(firstPaint(tokens, { limit: 50, filter: EMPTY_FILTER }, NOW, noPad).tokens).toHaveLength(12);
    const aged = { limit: 50, filter: { ...EMPTY_FILTER, maxAge: 60 } };
    expect(firstPaint(tokens, aged, NOW, noPad).tokens).toHaveLength(100);
  });
});
