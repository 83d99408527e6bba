import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { worstDelayMs } from "./liveness";

describe("worstDelayMs", () => {
  it("is null when every view is streamed or nothing is known", () => {
    expect(worstDelayMs({})).toBeNull();
    expect(worstDelayMs({ a: { mode: "stream", delayMs: null }, b: { mode: "stream", delayMs: null } })).toBeNull();
  });

  it("is the largest delay of the polled views, streamed ones ignored", () => {
    const l = { a: { mode: "stream" as const, delayMs: null }, b: { mode: "poll" as const, delayMs: 2_400 }, c: { mode: "poll" as const, delayMs: 6_100 } };
    expect(worstDelayMs(l)).toBe(6_100);
    expect(worstDelayMs(l, ["a", "b"])).toBe(2_400);
    expect(worstDelayMs(l, ["a", "missing"])).toBeNull();
  });

  it("a polled view without a delay still counts as polled", () => {
    expect(worstDelayMs({ a: { mode: "poll", delayMs: null } })).toBe(0);
  });

  it("property: null exactly when no view is polled, else the max polled delay", () => {
    const entry = fc.record({ mode: fc.constantFrom("stream" as const, "poll" as const), delayMs: fc.option(fc.nat(60_000)) });
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1, maxLength: 4 }), entry), (l) => {
        const polled = Object.values(l).filter((x) => x.mode === "poll");
        const r = worstDelayMs(l);
        if (polled.length === 0) expect(r).toBeNull();
        else expect(r).toBe(Math.max(...polled.map((x) => x.delayMs ?? 0)));
      }),
    );
  });
});
