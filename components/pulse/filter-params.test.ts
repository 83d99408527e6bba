import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  type ColumnFilter,
  EMPTY_FILTER,
  formatDurationParam,
  parseAmount,
  parseDuration,
  parseFilter,
  parsePads,
  parseProgress,
  writeFilter,
} from "./filter-params";

const fromPairs = (pairs: [string, string][]) => {
  const m = new Map(pairs);
  return (n: string) => m.get(n);
};

describe("amounts", () => {
  it("reads plain numbers, k/m/b suffixes, dollar signs and grouping", () => {
    expect(parseAmount("5000")).toBe(5000);
    expect(parseAmount("5k")).toBe(5000);
    expect(parseAmount("1.5M")).toBe(1_500_000);
    expect(parseAmount("$2b")).toBe(2e9);
    expect(parseAmount("1,250")).toBe(1250);
    expect(parseAmount("1.1k")).toBe(1100);
  });
  it("refuses negatives, garbage, exponents and absurd sizes", () => {
    for (const bad of ["-5", "abc", "1e5", "5kk", "", " ", "NaN", "Infinity", "99999999999999999", "2000000b"]) {
      expect(parseAmount(bad), bad).toBeNull();
    }
    expect(parseAmount(undefined)).toBeNull();
  });
});

describe("durations", () => {
  it("reads units and treats a bare number as minutes", () => {
    expect(parseDuration("45s")).toBe(45);
    expect(parseDuration("30m")).toBe(1800);
    expect(parseDuration("30")).toBe(1800);
    expect(parseDuration("2h")).toBe(7200);
    expect(parseDuration("1d")).toBe(86_400);
    expect(parseDuration("1y")).toBeNull();
    expect(parseDuration("-5m")).toBeNull();
    expect(parseDuration("999999d")).toBeNull();
  });
  it("writes the largest whole unit and reads back the same seconds", () => {
    expect(formatDurationParam(1800)).toBe("30m");
    expect(formatDurationParam(7200)).toBe("2h");
    expect(formatDurationParam(90)).toBe("90s");
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 365 * 86_400 }), (sec) => parseDuration(formatDurationParam(sec)) === sec),
    );
  });
});

describe("progress and launchpads", () => {
  it("keeps progress within 0–100", () => {
    expect(parseProgress("50")).toBe(50);
    expect(parseProgress("99.5")).toBe(99.5);
    expect(parseProgress("101")).toBeNull();
    expect(parseProgress("-1")).toBeNull();
  });
  it("keeps valid slugs, deduplicated, sorted and capped", () => {
    expect(parsePads("pumpfire,Bonkdrop,pumpfire,<script>,")).toEqual(["bonkdrop", "pumpfire"]);
    const many = Array.from({ length: 40 }, (_, i) => `pad-${i}`).join(",");
    expect(parsePads(many)).toHaveLength(24);
  });
});

describe("filter round trip", () => {
  const filterArb: fc.Arbitrary<ColumnFilter> = fc
    .record({
      minMcap: fc.option(fc.integer({ min: 0, max: 1e9 }), { nil: null }),
      maxMcap: fc.option(fc.integer({ min: 0, max: 1e9 }), { nil: null }),
      minLiq: fc.option(fc.integer({ min: 0, max: 1e9 }), { nil: null }),
      maxVol: fc.option(
        fc.double({ min: 0, max: 1e6, noNaN: true }).map((n) => Math.round(n * 100) / 100),
        { nil: null },
      ),
      maxAge: fc.option(fc.integer({ min: 0, max: 86_400 }), { nil: null }),
      minProgress: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
      socials: fc.boolean(),
      dexPaid: fc.boolean(),
      pads: fc.uniqueArray(fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/), { maxLength: 5 }).map((p) => p.sort()),
    })
    .map((r) => {
      const f: ColumnFilter = { ...EMPTY_FILTER, ...r };
      // Inverted ranges are swapped on read; generate them in order.
      if (f.minMcap !== null && f.maxMcap !== null && f.minMcap > f.maxMcap)
        [f.minMcap, f.maxMcap] = [f.maxMcap, f.minMcap];
      return f;
    });

  it("reads back exactly what it wrote", () => {
    fc.assert(
      fc.property(filterArb, (f) => {
        expect(parseFilter(fromPairs(writeFilter(f)))).toEqual(f);
      }),
    );
  });

  it("writes nothing for the empty filter and counts each condition once", () => {
    expect(writeFilter(EMPTY_FILTER)).toEqual([]);
    expect(activeFilterCount(EMPTY_FILTER)).toBe(0);
    expect(activeFilterCount({ ...EMPTY_FILTER, minMcap: 1, pads: ["a", "b"], dexPaid: true })).toBe(3);
  });

  it("swaps an inverted range instead of matching nothing", () => {
    const f = parseFilter(
      fromPairs([
        ["minMcap", "50k"],
        ["maxMcap", "5k"],
      ]),
    );
    expect([f.minMcap, f.maxMcap]).toEqual([5000, 50_000]);
  });

  it("never throws on arbitrary input", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.string()), (d) => {
        const f = parseFilter((n) => d[n]);
        expect(activeFilterCount(f)).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
