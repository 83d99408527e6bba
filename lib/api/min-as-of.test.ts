import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ApiError } from "./errors";
import { MIN_AS_OF_HEADER, parseMinAsOf } from "./min-as-of";

describe("parseMinAsOf", () => {
  it("reads a time in ms, or nothing when the header is absent", () => {
    expect(parseMinAsOf(null)).toBeUndefined();
    expect(parseMinAsOf("0")).toBe(0);
    expect(parseMinAsOf(" 1795761178027 ")).toBe(1_795_761_178_027);
  });

  it("refuses anything else with invalid_parameter naming the header", () => {
    for (const v of ["", "-1", "1.5", "1e12", "abc", "0x10", "99999999999999999", "12 34"]) {
      let caught: unknown;
      try {
        parseMinAsOf(v);
      } catch (e) {
        caught = e;
      }
      expect(caught, v).toBeInstanceOf(ApiError);
      expect((caught as ApiError).code).toBe("invalid_parameter");
      expect((caught as ApiError).param).toBe(MIN_AS_OF_HEADER);
    }
  });

  it("round-trips every safe non-negative integer", () => {
    fc.assert(
      fc.property(fc.maxSafeNat(), (n) => {
        expect(parseMinAsOf(String(n))).toBe(n);
      }),
    );
  });
});
