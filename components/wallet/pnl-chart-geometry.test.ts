import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  barRects,
  barsPath,
  boundedDays,
  chartValues,
  dayAt,
  dayCenter,
  LABEL_GAP,
  labelWidth,
  linePath,
  niceTicks,
  xLabels,
  xLayout,
  yScale,
} from "./pnl-chart-geometry";
import { MAX_DAYS, type PnlDay } from "./pnl-days";

const DAY = 86_400_000;
const START = Date.UTC(2025, 0, 1);
const W = 1000;
const H = 160;

/** Days from daily PnL values, with the running total over the finite ones. */
function daysOf(values: readonly number[]): PnlDay[] {
  let run = 0;
  return values.map((v, i) => {
    if (Number.isFinite(v)) run += v;
    return { at: START + i * DAY, realizedPnlUsd: v, cumulativeUsd: run };
  });
}

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

/** The guarantees every tick set gives, for the range it was asked to cover. */
function expectTicks(ticks: number[], lo: number, hi: number) {
  expect(ticks.length).toBeGreaterThanOrEqual(3);
  expect(ticks.length).toBeLessThanOrEqual(5);
  const step = ticks[1] - ticks[0];
  expect(step).toBeGreaterThan(0);
  for (let i = 1; i < ticks.length; i++) expect(close(ticks[i] - ticks[i - 1], step)).toBe(true);
  const mantissa = step / 10 ** Math.floor(Math.log10(step));
  expect([1, 2, 2.5, 5, 10].some((m) => close(mantissa, m))).toBe(true);
  expect(ticks[0]).toBeLessThanOrEqual(lo);
  expect(ticks[ticks.length - 1]).toBeGreaterThanOrEqual(hi);
  expect(ticks.some((t) => Math.abs(t) <= step * 1e-9)).toBe(true);
}

// Money-like values across magnitudes, with the odd non-finite one that must be skipped.
const money = fc.oneof(
  { weight: 12, arbitrary: fc.double({ min: -1e7, max: 1e7, noNaN: true }) },
  { weight: 2, arbitrary: fc.integer({ min: -5, max: 5 }) },
  { weight: 1, arbitrary: fc.double({ min: -1e18, max: 1e18, noNaN: true }) },
  { weight: 1, arbitrary: fc.double({ min: -1e-6, max: 1e-6, noNaN: true }) },
  { weight: 1, arbitrary: fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 0) },
);
const series = fc.array(money, { minLength: 1, maxLength: 800 });

describe("niceTicks", () => {
  it("picks round steps that hug the range", () => {
    expect(niceTicks(0, 4310)).toEqual([0, 2500, 5000]);
    expect(niceTicks(-250, 4310)).toEqual([-2500, 0, 2500, 5000]);
    expect(niceTicks(0, 1000)).toEqual([0, 500, 1000]);
    expect(niceTicks(-1, 1)).toEqual([-1, 0, 1]);
    expect(niceTicks(-730, 0)).toEqual([-750, -500, -250, 0]);
  });

  it("refuses an empty or infinite range", () => {
    expect(() => niceTicks(0, 0)).toThrow(RangeError);
    expect(() => niceTicks(-Number.MAX_VALUE, Number.MAX_VALUE)).toThrow(RangeError);
  });

  it("3–5 evenly spaced ticks on a 1/2/2.5/5 step, covering the range and 0 (property)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e15, max: 0, noNaN: true }),
        fc.double({ min: 0, max: 1e15, noNaN: true }),
        (lo, hi) => {
          fc.pre(hi - lo >= 1e-6);
          expectTicks(niceTicks(lo, hi), lo, hi);
        },
      ),
    );
  });
});

describe("yScale", () => {
  it("flat zeros still get a dollar of scale, zero in the middle", () => {
    const s = yScale(chartValues(daysOf([0, 0, 0])), H);
    expect(s.ticks).toEqual([-1, 0, 1]);
    expect(s.y(0)).toBeCloseTo((s.top + s.bottom) / 2);
  });

  it("an all-negative period hangs from a zero line at the top tick", () => {
    const s = yScale(chartValues(daysOf([-10, -300, -5])), H);
    expect(s.max).toBe(0);
    expect(s.y(0)).toBe(s.top);
    expect(s.min).toBeLessThanOrEqual(-315);
  });

  it("leaves headroom above and below the ticks", () => {
    const s = yScale([0, 100], H);
    expect(s.top).toBeGreaterThan(0);
    expect(s.bottom).toBeLessThan(H);
    expect(s.y(100)).toBe(s.top);
    expect(s.y(0)).toBe(s.bottom);
  });

  it("skips non-finite values and clamps absurd ones", () => {
    expect(yScale([Number.NaN, Number.POSITIVE_INFINITY, 5], H).ticks).toEqual(yScale([5], H).ticks);
    const huge = yScale([1e300, -1e300], H);
    for (const t of huge.ticks) expect(Number.isFinite(t)).toBe(true);
    expect(huge.y(1e300)).toBe(huge.top);
  });

  it("maps every value and 0 inside the plot, higher values higher up; ticks cover the data (property)", () => {
    fc.assert(
      fc.property(series, (values) => {
        const days = daysOf(values);
        const s = yScale(chartValues(days), H);
        const finite = [...chartValues(days)].filter(Number.isFinite).map((v) => Math.max(-1e15, Math.min(1e15, v)));
        expectTicks(s.ticks, Math.min(0, ...finite), Math.max(0, ...finite));
        const inside = (y: number) => y >= s.top - 1e-9 && y <= s.bottom + 1e-9;
        expect(0 < s.top && s.bottom < H).toBe(true);
        expect(inside(s.y(0))).toBe(true);
        const sorted = [...finite].sort((a, b) => a - b);
        for (let i = 0; i < sorted.length; i++) {
          expect(inside(s.y(sorted[i]))).toBe(true);
          if (i > 0) expect(s.y(sorted[i])).toBeLessThanOrEqual(s.y(sorted[i - 1]));
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe("xLayout and dayAt", () => {
  it("centres a single day, with a bar narrower than its slot", () => {
    const l = xLayout(1, W);
    expect(dayCenter(l, 0)).toBeCloseTo(W / 2);
    expect(l.barWidth).toBeGreaterThan(0);
    expect(l.barWidth).toBeLessThan(W / 5);
    expect(dayAt(l, 0)).toBe(0);
    expect(dayAt(l, W)).toBe(0);
  });

  it("730 days still draw: bars fill their slots instead of vanishing into gaps", () => {
    const l = xLayout(MAX_DAYS, 294);
    expect(l.barWidth).toBeCloseTo(294 / MAX_DAYS);
    expect(dayCenter(l, MAX_DAYS - 1) + l.barWidth / 2).toBeCloseTo(294);
  });

  it("no days: no day under the pointer", () => {
    expect(dayAt(xLayout(0, W), 10)).toBeNull();
    expect(dayAt(xLayout(5, W), Number.NaN)).toBeNull();
  });

  it("dayAt inverts dayCenter, every x in a slot is that day, and it clamps outside (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_DAYS }),
        fc.double({ min: 50, max: 2000, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
        (n, width, frac) => {
          const l = xLayout(n, width);
          for (const i of [0, Math.floor(n / 2), n - 1]) expect(dayAt(l, dayCenter(l, i))).toBe(i);
          const i = Math.floor(frac * n);
          const x = (l.offset + i + 0.25 + frac * 0.5) * l.slot;
          expect(dayAt(l, x)).toBe(i);
          expect(dayAt(l, -1)).toBe(0);
          expect(dayAt(l, width + 1)).toBe(n - 1);
        },
      ),
    );
  });
});

describe("bars and the running total", () => {
  it("draws one bar per non-zero finite day, up or down from the zero line", () => {
    const days = daysOf([5, 0, -3, Number.NaN, 2]);
    const l = xLayout(days.length, W);
    const s = yScale(chartValues(days), H);
    const bars = barRects(days, l, s);
    expect(bars.map((b) => [b.i, b.up])).toEqual([
      [0, true],
      [2, false],
      [4, true],
    ]);
    expect(bars[0].y + bars[0].h).toBeCloseTo(s.y(0));
    expect(bars[1].y).toBeCloseTo(s.y(0));
    expect(barsPath(bars).match(/M/g)).toHaveLength(3);
  });

  it("a tiny day is still a visible pixel", () => {
    const days = daysOf([1e6, 0.01]);
    const bars = barRects(days, xLayout(2, W), yScale(chartValues(days), H));
    expect(bars[1].h).toBeGreaterThanOrEqual(1);
  });

  it("a single running-total point is drawn across its slot", () => {
    const days = daysOf([42]);
    const l = xLayout(1, W);
    expect(linePath(days, l, yScale(chartValues(days), H))).toMatch(/^M[\d.]+ [\d.]+H[\d.]+$/);
    const gone = [{ at: START, realizedPnlUsd: Number.NaN, cumulativeUsd: Number.NaN }];
    expect(linePath(gone, l, yScale([], H))).toBe("");
  });

  it("bars stay in the plot and never overlap; the line stays in the plot (property)", () => {
    fc.assert(
      fc.property(series, fc.double({ min: 100, max: 2000, noNaN: true }), (values, width) => {
        const days = boundedDays(daysOf(values));
        expect(days.length).toBeLessThanOrEqual(MAX_DAYS);
        const l = xLayout(days.length, width);
        const s = yScale(chartValues(days), H);
        const bars = barRects(days, l, s);
        expect(bars.length).toBeLessThanOrEqual(days.length);
        for (let j = 0; j < bars.length; j++) {
          const b = bars[j];
          expect(b.w).toBeGreaterThan(0);
          expect(b.x).toBeGreaterThanOrEqual(-1e-9);
          expect(b.x + b.w).toBeLessThanOrEqual(width + 1e-9);
          expect(b.y).toBeGreaterThanOrEqual(s.top - 1e-9);
          expect(b.y + b.h).toBeLessThanOrEqual(s.bottom + 1e-9);
          if (j > 0) expect(b.x).toBeGreaterThanOrEqual(bars[j - 1].x + bars[j - 1].w - 1e-9);
        }
        const nums = linePath(days, l, s).match(/-?[\d.]+(e[-+]?\d+)?/g) ?? [];
        for (let k = 0; k < nums.length; k++) {
          const v = Number(nums[k]);
          expect(Number.isFinite(v)).toBe(true);
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(Math.max(width, H) + 0.01);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe("xLabels", () => {
  it("a single day gets its date", () => {
    expect(xLabels(daysOf([1]), 294)).toEqual([{ i: 0, at: 0.5, text: "Jan 1" }]);
  });

  it("a month on a phone: a few dates, evenly stepped", () => {
    const labels = xLabels(daysOf(new Array(30).fill(1)), 294);
    expect(labels.length).toBeGreaterThanOrEqual(3);
    expect(labels.length).toBeLessThanOrEqual(6);
  });

  it("two years: months, and the year at January", () => {
    const days = daysOf(new Array(MAX_DAYS).fill(1));
    const texts = xLabels(days, 844).map((x) => x.text);
    expect(texts).toContain("2026");
    expect(texts.every((t) => /^(\d{4}|[A-Z][a-z]{2})$/.test(t))).toBe(true);
    expect(xLabels(days, 294).length).toBeGreaterThanOrEqual(2);
  });

  it("labels are in order, inside the plot and never overlap, at any width (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_DAYS }),
        fc.double({ min: 100, max: 2000, noNaN: true }),
        (n, width) => {
          const labels = xLabels(daysOf(new Array(n).fill(0)), width);
          if (n <= 14) expect(labels.length).toBeGreaterThanOrEqual(1);
          expect(labels.length).toBeLessThanOrEqual(11);
          for (let j = 0; j < labels.length; j++) {
            const a = labels[j];
            const half = labelWidth(a.text) / 2;
            expect(a.at * width - half).toBeGreaterThanOrEqual(-1e-9);
            expect(a.at * width + half).toBeLessThanOrEqual(width + 1e-9);
            if (j === 0) continue;
            const p = labels[j - 1];
            expect(a.i).toBeGreaterThan(p.i);
            const room = (labelWidth(a.text) + labelWidth(p.text)) / 2 + LABEL_GAP;
            expect((a.at - p.at) * width).toBeGreaterThanOrEqual(room - 1e-6);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
