import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pulseToken } from "@/lib/client/stream/testing/fixtures";
import { pausedView } from "./pause";

const tok = (a: string) => pulseToken({ address: a });

describe("pause on hover", () => {
  it("shows the live list when not paused", () => {
    const live = [tok("a"), tok("b")];
    expect(pausedView(null, live)).toEqual({ tokens: live, pending: 0, gone: 0 });
  });

  it("keeps the frozen cards and counts what waits and what left", () => {
    const frozen = [tok("a"), tok("b"), tok("c")];
    const live = [tok("x"), tok("y"), tok("a"), tok("c")];
    const v = pausedView(frozen, live);
    expect(v.tokens).toBe(frozen);
    expect(v.pending).toBe(2);
    expect(v.gone).toBe(1);
  });

  it("never loses a live token: every one is shown or counted as pending", () => {
    const ids = fc.uniqueArray(fc.constantFrom(..."abcdefghij"), { maxLength: 10 });
    fc.assert(
      fc.property(ids, ids, (f, l) => {
        const v = pausedView(f.map(tok), l.map(tok));
        const shown = new Set(f);
        expect(l.filter((x) => !shown.has(x)).length).toBe(v.pending);
      }),
    );
  });
});
