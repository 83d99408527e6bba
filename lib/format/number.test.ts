import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatCompact,
  formatCount,
  formatNumber,
  formatSigned,
  formatSignedUsd,
  formatUsd,
  formatUsdFull,
} from "./number";

const garbage = [
  null,
  undefined,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  "abc",
  "",
  {},
  [],
  "1e400",
];

describe("formatCompact", () => {
  it.each([
    [0, "0"],
    [1, "1"],
    [12.345, "12.3"],
    [912, "912"],
    [999.4, "999"],
    [999.6, "1K"],
    [1234, "1.23K"],
    [4_500_000, "4.5M"],
    [1.2e9, "1.2B"],
    [999_950, "1M"],
    [999_949, "1M"],
    [3.21e12, "3.21T"],
    [1e15, "1e15"],
    [2.5e18, "2.5e18"],
    [-1234, "−1.23K"],
    [0.5, "0.5"],
    [0.000005123, "0.0₅512"],
    ["1500000", "1.5M"],
  ])("%s → %s", (v, out) => expect(formatCompact(v)).toBe(out));

  it("prints a dash for unknown values, never NaN or a fake zero", () => {
    for (const g of garbage) expect(formatCompact(g)).toBe("—");
  });

  it("keeps the mantissa below 1000 and never prints NaN/Infinity (property)", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e14, max: 1e14 }), (n) => {
        const s = formatCompact(n);
        expect(s).not.toMatch(/NaN|Infinity|undefined/);
        const m = /^−?([\d.]+)[KMBT]?$/.exec(s);
        if (m) expect(Number(m[1])).toBeLessThan(1000);
      }),
    );
  });

  it("orders like the numbers it prints (property)", () => {
    const unit = (s: string) => ({ K: 1e3, M: 1e6, B: 1e9, T: 1e12 })[s.slice(-1)] ?? 1;
    const value = (s: string) => Number(s.replace(/[KMBT]$/, "")) * unit(s);
    fc.assert(
      fc.property(fc.double({ min: 1, max: 1e14, noNaN: true }), (n) => {
        const back = value(formatCompact(n));
        expect(Math.abs(back - n) / n).toBeLessThan(0.006); // 3 significant digits
      }),
    );
  });
});

describe("formatUsd", () => {
  it.each([
    [0, "$0"],
    [0.004, "<$0.01"],
    [-0.004, ">−$0.01"],
    [0.52, "$0.52"],
    [9.126, "$9.13"],
    [912.4, "$912"],
    [1234, "$1.23K"],
    [4_500_000, "$4.5M"],
    [1.2e9, "$1.2B"],
    [-1234, "−$1.23K"],
  ])("%s → %s", (v, out) => expect(formatUsd(v)).toBe(out));
  it("dash for garbage", () => {
    for (const g of garbage) expect(formatUsd(g)).toBe("—");
  });
});

describe("full and signed", () => {
  it("groups thousands", () => {
    expect(formatNumber(1234567.891)).toBe("1,234,567.89");
    expect(formatNumber(-1234.5, { minDecimals: 2 })).toBe("−1,234.50");
    expect(formatNumber(1.23456789, { maxDecimals: 4 })).toBe("1.2346");
    expect(formatUsdFull(1234567.891)).toBe("$1,234,567.89");
    expect(formatUsdFull(0.001)).toBe("<$0.01");
    expect(formatUsdFull(null)).toBe("—");
  });
  it("signs gains and losses, not zeros", () => {
    expect(formatSignedUsd(1234)).toBe("+$1.23K");
    expect(formatSignedUsd(-450)).toBe("−$450");
    expect(formatSignedUsd(0)).toBe("$0");
    expect(formatSignedUsd(0.001)).toBe("<$0.01");
    expect(formatSigned(-0.0001, (x) => formatNumber(x))).toBe("0");
    expect(formatSigned(null)).toBe("—");
  });
  it("counts", () => {
    expect(formatCount(912)).toBe("912");
    expect(formatCount(12_345)).toBe("12,345");
    expect(formatCount(123_456)).toBe("123K");
    expect(formatCount(Number.NaN)).toBe("—");
  });
});
