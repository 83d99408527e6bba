import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { boundedMemo } from "./memo";

describe("boundedMemo", () => {
  it("computes once per key and evicts the least recently used", () => {
    let calls = 0;
    const m = boundedMemo((k) => {
      calls++;
      return k.length;
    }, 2);
    m("a");
    m("bb");
    m("a"); // a is now the most recent
    m("ccc"); // evicts bb
    expect(calls).toBe(3);
    m("a");
    expect(calls).toBe(3);
    m("bb");
    expect(calls).toBe(4);
    expect(m.size()).toBe(2);
    m.clear();
    expect(m.size()).toBe(0);
  });

  it("never exceeds its cap (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.array(fc.string({ maxLength: 3 }), { maxLength: 200 }),
        (max, keys) => {
          const m = boundedMemo((k) => k, max);
          for (const k of keys) {
            expect(m(k)).toBe(k);
            expect(m.size()).toBeLessThanOrEqual(max);
          }
        },
      ),
    );
  });
});
