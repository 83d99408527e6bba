import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareText } from "./order";

describe("compareText", () => {
  it("is a total order: antisymmetric, transitive, zero only for equal text", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (a, b, c) => {
        expect(Math.sign(compareText(a, b)) + Math.sign(compareText(b, a))).toBe(0);
        expect(compareText(a, b) === 0).toBe(a === b);
        if (compareText(a, b) <= 0 && compareText(b, c) <= 0) expect(compareText(a, c)).toBeLessThanOrEqual(0);
      }),
    );
  });

  it("ignores case before anything else, as a reader expects", () => {
    expect(["beta", "Alpha", "alpha", "Gamma"].sort(compareText)).toEqual(["Alpha", "alpha", "beta", "Gamma"]);
    expect(["/v1/tokens", "/v1/pulse", "/v1/Wallets"].sort(compareText)).toEqual([
      "/v1/pulse",
      "/v1/tokens",
      "/v1/Wallets",
    ]);
  });

  it("orders letters and digits as the en collator does, apart from ties of case", () => {
    const name = fc.stringMatching(/^[A-Za-z0-9]{1,12}$/);
    fc.assert(
      fc.property(name, name, (a, b) => {
        fc.pre(a.toLowerCase() !== b.toLowerCase());
        expect(Math.sign(compareText(a, b))).toBe(Math.sign(a.localeCompare(b, "en")));
      }),
    );
  });
});
