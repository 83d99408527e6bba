import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { requestMaxAgeMs } from "./request-max-age";

describe("requestMaxAgeMs", () => {
  it("reads max-age in seconds, alone or among other directives", () => {
    expect(requestMaxAgeMs("max-age=0")).toBe(0);
    expect(requestMaxAgeMs("max-age=3")).toBe(3_000);
    expect(requestMaxAgeMs("no-cache, max-age=12")).toBe(12_000);
    expect(requestMaxAgeMs('MAX-AGE="7", no-transform')).toBe(7_000);
  });

  it("names nothing for a missing, absent or unreadable max-age", () => {
    for (const v of [
      null,
      "",
      "no-cache",
      "no-store",
      "max-age",
      "max-age=",
      "max-age=-1",
      "max-age=1.5",
      "max-stale=3",
      "s-maxage=3",
      "max-age=abc",
    ])
      expect(requestMaxAgeMs(v), String(v)).toBeUndefined();
  });

  it("never throws and is never negative", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const ms = requestMaxAgeMs(s);
        expect(ms === undefined || (Number.isInteger(ms) && ms >= 0)).toBe(true);
      }),
    );
  });
});
