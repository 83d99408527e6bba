import { formatShortDay, SHORT_MONTHS } from "@/lib/format";
import { MAX_DAYS, type PnlDay } from "./pnl-days";

const DAY = 86_400_000;
/** Values are clamped to ±$1e15 so a span never overflows to Infinity. */
const MAX_ABS = 1e15;
/** A range under $1 is widened to $1 (all zeros: ±$1), so the axis never reads "$0, $0, $0". */
const MIN_SPAN = 1;
/** Headroom as a share of the plot height: above for the running total's label, below for the lowest bar. */
const PAD_TOP = 0.1;
const PAD_BOTTOM = 0.06;
const STEPS = [1, 2, 2.5, 5];
/** Fewer days are centred in this many slots, so a single day is a bar and not a block. */
const MIN_SLOTS = 7;
/** Axis text estimate (12 px on a phone, tabular figures) and the clear space kept between date labels. */
const CHAR_W = 7;
export const LABEL_GAP = 8;
/** A handful of dates: centres at least this far apart, and at most ~10 across a wide plot. */
const LABEL_SPACING = 64;
const MAX_LABELS = 10;
const DAY_STEPS = [1, 2, 7, 14];
const MONTH_STEPS = [1, 2, 3, 6, 12];

export interface YScale {
  /** Tick values: evenly spaced, increasing, 3–5 of them, the first ≤ every value and 0, the last ≥ them. */
  ticks: number[];
  min: number;
  max: number;
  /** Rows (0 = top, in the units of `height`) of the highest and lowest tick. */
  top: number;
  bottom: number;
  y(v: number): number;
}

export interface XLayout {
  count: number;
  width: number;
  slot: number;
  /** Slots left empty before the first day (few days sit in the middle). */
  offset: number;
  barWidth: number;
}

export interface BarRect {
  i: number;
  x: number;
  y: number;
  w: number;
  h: number;
  up: boolean;
}

export interface XLabel {
  i: number;
  /** Centre as a share of the plot width (0–1): the same at any width. */
  at: number;
  text: string;
}

const clampAbs = (v: number) => Math.max(-MAX_ABS, Math.min(MAX_ABS, v));
/** A tenth of a unit (≤ 0.1 px) is plenty, and keeps the server's HTML small (730 bars). */
const r1 = (n: number) => Math.round(n * 10) / 10;

/** At most the last MAX_DAYS days: one bar per day, bounded work whatever the caller passes. */
export function boundedDays(days: readonly PnlDay[]): readonly PnlDay[] {
  return days.length > MAX_DAYS ? days.slice(-MAX_DAYS) : days;
}

/**
 * 3–5 evenly spaced ticks on a 1/2/2.5/5 × 10ⁿ step that enclose [lo, hi], on the step that wastes the least height
 * (on a tie, the one with fewer ticks). With lo ≤ 0 ≤ hi, 0 is one of them.
 */
export function niceTicks(lo: number, hi: number): number[] {
  if (!(hi > lo) || !Number.isFinite(hi - lo)) throw new RangeError(`niceTicks: empty or infinite range ${lo}..${hi}`);
  let best: number[] | null = null;
  // Starts a decade below the span (≥ 10 intervals) and widens. The count only falls as the step grows and each step
  // is at most twice the last, so the first step with ≤ 4 intervals still has ≥ 2: there is always a candidate.
  for (let k = Math.floor(Math.log10(hi - lo)) - 1; ; k++) {
    for (const m of STEPS) {
      const step = m * 10 ** k;
      let first = Math.floor(lo / step);
      let last = Math.ceil(hi / step);
      if (first * step > lo) first--; // float division can land a hair inside the range
      if (last * step < hi) last++;
      if (last - first < 2) return best ?? [first * step, last * step];
      if (last - first > 4) continue;
      if (!best || (last - first) * step <= best[best.length - 1] - best[0])
        best = Array.from({ length: last - first + 1 }, (_, j) => (first + j) * step);
    }
  }
}

/** A y scale over every finite bar and running-total value and 0, in a plot `height` tall. */
export function yScale(values: Iterable<number>, height: number): YScale {
  let lo = 0;
  let hi = 0;
  for (const raw of values) {
    if (!Number.isFinite(raw)) continue;
    const v = clampAbs(raw);
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (hi - lo < MIN_SPAN) {
    if (lo === 0 && hi === 0) [lo, hi] = [-MIN_SPAN, MIN_SPAN];
    else if (lo === 0) hi = MIN_SPAN;
    else if (hi === 0) lo = -MIN_SPAN;
    else [lo, hi] = [(lo + hi - MIN_SPAN) / 2, (lo + hi + MIN_SPAN) / 2];
  }
  const ticks = niceTicks(lo, hi);
  const min = ticks[0];
  const max = ticks[ticks.length - 1];
  const top = height * PAD_TOP;
  const bottom = height * (1 - PAD_BOTTOM);
  const y = (v: number) => top + ((max - Math.max(min, Math.min(max, v))) / (max - min)) * (bottom - top);
  return { ticks, min, max, top, bottom, y };
}

/** Every value the y scale has to cover: bars and running total (yScale skips the non-finite). */
export function* chartValues(days: readonly PnlDay[]): Generator<number> {
  for (const d of days) {
    yield d.realizedPnlUsd;
    yield d.cumulativeUsd;
  }
}

/** Day slots across `width`; the gap between bars shrinks with the count, to none past ~100 days (bars then touch). */
export function xLayout(count: number, width: number): XLayout {
  const slots = Math.max(count, MIN_SLOTS);
  const slot = width / slots;
  const gap = count <= 31 ? 0.3 : count <= 100 ? 0.2 : 0;
  return { count, width, slot, offset: (slots - count) / 2, barWidth: slot * (1 - gap) };
}

export const dayCenter = (l: XLayout, i: number) => (l.offset + i + 0.5) * l.slot;

/** The day under x (clamped to the first/last day), or null when there are no days. */
export function dayAt(l: XLayout, x: number): number | null {
  if (l.count === 0 || !Number.isFinite(x)) return null;
  return Math.max(0, Math.min(l.count - 1, Math.floor(x / l.slot - l.offset)));
}

/** One rectangle per day with a finite, non-zero PnL; at least 1 unit tall so a small day still shows. */
export function barRects(days: readonly PnlDay[], l: XLayout, s: YScale): BarRect[] {
  const zero = s.y(0);
  const out: BarRect[] = [];
  days.forEach((d, i) => {
    const v = d.realizedPnlUsd;
    if (!Number.isFinite(v) || v === 0) return;
    const end = s.y(clampAbs(v));
    const h = Math.max(1, Math.abs(end - zero));
    out.push({ i, x: dayCenter(l, i) - l.barWidth / 2, y: v > 0 ? zero - h : zero, w: l.barWidth, h, up: v > 0 });
  });
  return out;
}

/** One path for many bars (a DOM node per bar would cost 730 of them); absolute edges keep rounded bars apart. */
export function barsPath(bars: readonly BarRect[]): string {
  return bars.map((b) => `M${r1(b.x)} ${r1(b.y)}H${r1(b.x + b.w)}V${r1(b.y + b.h)}H${r1(b.x)}Z`).join("");
}

/** The running total through each day's centre; a lone point is drawn across its slot. */
export function linePath(days: readonly PnlDay[], l: XLayout, s: YScale): string {
  const pts: [number, number][] = [];
  days.forEach((d, i) => {
    if (Number.isFinite(d.cumulativeUsd)) pts.push([dayCenter(l, i), s.y(clampAbs(d.cumulativeUsd))]);
  });
  if (pts.length === 1) return `M${r1(pts[0][0] - l.slot / 2)} ${r1(pts[0][1])}H${r1(pts[0][0] + l.slot / 2)}`;
  return pts.length ? `M${pts.map(([x, y]) => `${r1(x)} ${r1(y)}`).join("L")}` : "";
}

/** Full-width horizontal lines at the given rows (grid and zero line). */
export function hLines(ys: readonly number[], width: number): string {
  return ys.map((y) => `M0 ${r1(y)}H${r1(width)}`).join("");
}

const mod = (a: number, m: number) => ((a % m) + m) % m;
/** Estimated width of a date label in pixels. */
export const labelWidth = (text: string) => text.length * CHAR_W;

function candidates(days: readonly PnlDay[], step: number, months: boolean): XLabel[] {
  const out: XLabel[] = [];
  days.forEach((d, i) => {
    if (!Number.isFinite(d.at)) return;
    const date = new Date(d.at);
    if (months) {
      const m = date.getUTCFullYear() * 12 + date.getUTCMonth();
      if (date.getUTCDate() !== 1 || mod(m, step) !== 0) return;
      // Month starts read as the month, and January as its year (the convention of trading charts).
      const text = date.getUTCMonth() === 0 ? String(date.getUTCFullYear()) : SHORT_MONTHS[date.getUTCMonth()];
      out.push({ i, at: 0, text });
    } else {
      const n = Math.floor(d.at / DAY);
      // Weekly steps fall on Mondays (day 4 of the epoch was one); daily ones on any day.
      if (mod(step >= 7 ? n - 4 : n, step) === 0) out.push({ i, at: 0, text: formatShortDay(d.at) });
    }
  });
  return out;
}

/**
 * Date labels for a plot `widthPx` wide: the finest calendar step whose labels keep clear of each other (and are a
 * handful), then only those that fit inside the plot. Positions are shares of the width, so the server's guess of the width only
 * decides how many labels there are, never where a day is.
 */
export function xLabels(days: readonly PnlDay[], widthPx: number): XLabel[] {
  const l = xLayout(days.length, widthPx);
  const spacing = Math.max(LABEL_SPACING, widthPx / MAX_LABELS);
  const fits = (a: XLabel, b: XLabel) =>
    dayCenter(l, b.i) - dayCenter(l, a.i) >=
    Math.max(spacing, (labelWidth(a.text) + labelWidth(b.text)) / 2 + LABEL_GAP);
  const ladder = [...DAY_STEPS.map((s) => [s, 0]), ...MONTH_STEPS.map((s) => [s, 1])];
  let picked: XLabel[] | null = null;
  for (const [step, months] of ladder) {
    const c = candidates(days, step, months === 1);
    if (c.every((b, j) => j === 0 || fits(c[j - 1], b))) {
      picked = c;
      break;
    }
  }
  const inside = (xs: XLabel[]) =>
    xs
      .filter((x) => {
        const c = dayCenter(l, x.i);
        const half = labelWidth(x.text) / 2;
        return c - half >= 0 && c + half <= widthPx;
      })
      .map((x) => ({ ...x, at: dayCenter(l, x.i) / widthPx }));
  const out = inside(picked ?? []);
  if (out.length > 0 || days.length === 0) return out;
  // No calendar boundary in a short range (or none fits): the middle day alone.
  const mid = Math.floor((days.length - 1) / 2);
  return inside(candidates([days[mid]], 1, false).map((x) => ({ ...x, i: mid })));
}
