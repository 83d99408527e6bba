import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatPct, pctDirection, signDirection } from "./percent";

describe("formatPct", () => {
  it.each([
    [3.7, "+3.7%"],
    [-12.44, "−12.4%"],
    [0.37, "+0.37%"],
    [-0.004, "0.00%"],
    [0, "0.00%"],
    [123.45, "+123.5%"],
    [1234, "+1,234%"],
    [123_456, "+123K%"],
    [null, "—"],
    [Number.NaN, "—"],
  ])("%s → %s", (v, out) => expect(formatPct(v)).toBe(out));

  it("unsigned for progress-like values, fixed decimals on request", () => {
    expect(formatPct(73.4, { signed: false })).toBe("73.4%");
    expect(formatPct(100, { signed: false, decimals: 0 })).toBe("100%");
    expect(formatPct(-5, { signed: false })).toBe("−5.0%");
  });

  it("direction agrees with the printed sign (property)", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }), (n) => {
        const s = formatPct(n);
        const d = pctDirection(n);
        expect(d === "up").toBe(s.startsWith("+"));
        expect(d === "down").toBe(s.startsWith("−"));
      }),
    );
  });

  it("sign direction", () => {
    expect(signDirection(-1)).toBe("down");
    expect(signDirection(0)).toBe("flat");
    expect(signDirection(null)).toBe("flat");
    expect(signDirection(2)).toBe("up");
  });
});
