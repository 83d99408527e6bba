import fc from "fast-check";
import { describe, expect, it, onTestFinished } from "vitest";
import {
  formatAge,
  formatAgeSeconds,
  formatDate,
  formatDateTimeLocal,
  formatDateTimeUtc,
  formatDuration,
  formatShortDay,
  formatSpan,
  formatTimeOfDay,
  isoDateTime,
  PARTS_OPTIONS,
} from "./time";

const T = Date.UTC(2026, 10, 22, 14, 3, 5);

describe("age", () => {
  it.each([
    [0, "0s"],
    [12, "12s"],
    [59.9, "59s"],
    [60, "1m"],
    [4 * 60 + 59, "4m"],
    [3 * 3600, "3h"],
    [2 * 86400, "2d"],
    [45 * 86400, "1mo"],
    [400 * 86400, "1y"],
    [-5, "0s"],
  ])("%s s → %s", (s, out) => expect(formatAgeSeconds(s)).toBe(out));

  it("from timestamps", () => {
    expect(formatAge(T - 12_000, T)).toBe("12s");
    expect(formatAge(T + 2_000, T)).toBe("0s"); // clock skew
    expect(formatAge(null, T)).toBe("—");
  });

  it("never decreases as time passes (property)", () => {
    const rank = (s: string) => {
      const m = /^(\d+)(s|m|h|d|mo|y)$/.exec(s);
      if (!m) throw new Error(s);
      return { s: 1, m: 60, h: 3600, d: 86400, mo: 30 * 86400, y: 365 * 86400 }[m[2] as "s"] * Number(m[1]);
    };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), fc.integer({ min: 0, max: 1e8 }), (a, step) => {
        expect(rank(formatAgeSeconds(a + step))).toBeGreaterThanOrEqual(rank(formatAgeSeconds(a)));
      }),
    );
  });
});

describe("duration", () => {
  it.each([
    [850, "850ms"],
    [12_000, "12s"],
    [4 * 60_000 + 5_000, "4m 05s"],
    [3 * 3600_000 + 12 * 60_000, "3h 12m"],
    [2 * 86400_000 + 4 * 3600_000, "2d 4h"],
    [-1, "—"],
    [Number.NaN, "—"],
  ])("%s → %s", (ms, out) => expect(formatDuration(ms)).toBe(out));
});

describe("span", () => {
  it.each([
    [12_400, "12 s"],
    [59_000, "59 s"],
    [60_000, "1 min"],
    [269_000, "4 min"],
    [3_599_999, "60 min"],
    [3_600_000, "1 h"],
    [11_000_000, "3 h"],
    [-1, "—"],
    [null, "—"],
  ])("%s → %s", (ms, out) => expect(formatSpan(ms)).toBe(out));
});

describe("absolute", () => {
  it("UTC is fixed", () => {
    expect(formatDateTimeUtc(T)).toBe("2026-11-22 14:03:05 UTC");
    expect(isoDateTime(T)).toBe("2026-11-22T14:03:05.000Z");
    expect(formatDateTimeUtc(1e17)).toBe("—");
    expect(isoDateTime("x")).toBeUndefined();
  });
  it("local in a named zone, falling back to UTC on unknown zones", () => {
    expect(formatDateTimeLocal(T, "Asia/Tokyo")).toBe("2026-11-22 23:03:05");
    expect(formatDateTimeLocal(T, "America/New_York")).toBe("2026-11-22 09:03:05");
    expect(formatDateTimeLocal(T, "Not/AZone")).toBe("2026-11-22 14:03:05 UTC");
    expect(formatTimeOfDay(T, "UTC")).toBe("14:03:05");
    expect(formatTimeOfDay(Date.UTC(2026, 0, 1, 0, 0, 0), "UTC")).toBe("00:00:00");
    expect(formatDate(T)).toBe("2026-11-22");
    expect(formatShortDay(T)).toBe("Nov 22");
    expect(formatShortDay(T, "Bad/Zone")).toBe("Nov 22");
  });
});

describe("dates without Intl", () => {
  // What Intl prints for the runtime's zone and UTC, built here as the oracle the Date-getter path must match.
  const intlParts = (ms: number, timeZone?: string) => {
    const parts = new Intl.DateTimeFormat("en-US", { timeZone, ...PARTS_OPTIONS }).formatToParts(ms);
    const get = (t: string) => parts.find((p) => p.type === t)?.value;
    return {
      date: `${get("year")}-${get("month")}-${get("day")}`,
      time: `${get("hour")}:${get("minute")}:${get("second")}`,
    };
  };
  const instants = fc.oneof(
    // a day inside the years the getters print: at the ends a zone can carry the date outside them, to Intl, whose
    // formatter for the runtime zone this module caches once (a page's zone does not change under it)
    fc.integer({ min: Date.UTC(1600, 0, 2), max: Date.UTC(9999, 11, 30) }),
    fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }), // where a market's timestamps are
  );

  it.each(["UTC", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe"])(
    "prints the runtime zone's and UTC's date and time as Intl does, the runtime in %s",
    (zone) => {
      const before = process.env.TZ;
      process.env.TZ = zone; // Node re-reads its zone (Date's and Intl's) when TZ changes
      onTestFinished(() => {
        if (before === undefined) delete process.env.TZ;
        else process.env.TZ = before;
      });
      fc.assert(
        fc.property(instants, (ms) => {
          const local = intlParts(ms);
          const utc = intlParts(ms, "UTC");
          expect(formatDateTimeLocal(ms)).toBe(`${local.date} ${local.time}`);
          expect(formatTimeOfDay(ms)).toBe(local.time);
          expect(formatDateTimeLocal(ms, "UTC")).toBe(`${utc.date} ${utc.time}`);
          expect(formatDate(ms)).toBe(utc.date);
        }),
        { numRuns: 1_000 },
      );
    },
  );

  it("prints UTC short days as Intl does", () => {
    const intl = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric" });
    fc.assert(
      fc.property(instants, (ms) => {
        expect(formatShortDay(ms)).toBe(intl.format(ms));
      }),
      { numRuns: 3_000 },
    );
  });

  it("leaves other years and named zones to Intl", () => {
    const year1500 = Date.UTC(1500, 5, 1, 12);
    expect(formatDate(year1500)).toBe(intlParts(year1500, "UTC").date);
    const ms = Date.UTC(2026, 10, 22, 23, 30);
    expect(formatDateTimeLocal(ms, "Asia/Tokyo")).toBe("2026-11-23 08:30:00");
    expect(formatShortDay(ms, "Asia/Tokyo")).toBe("Nov 23");
  });
});
