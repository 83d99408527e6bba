import type { Candle } from "@/lib/api/core";

// A chart series as a pure value: bars upserted by `time`, kept ascending and unique. Each merge returns the
// operations for the chart: `update` only ever moves forward in time; anything touching an older bar re-sends all.

export const MAX_BARS = 15_000;

export type BarOp = { type: "reset" } | { type: "setData"; bars: readonly Candle[] } | { type: "update"; bar: Candle };

export interface SeriesState {
  /** Ascending by time, unique, at most `cap`. */
  readonly bars: readonly Candle[];
  readonly cap: number;
  /** Bucket width, to tell a closed bucket (final) from a forming one. */
  readonly stepSec: number;
  /** The newest bar the stream wrote and the server time it was built at. */
  readonly live: { time: number; asOf: number } | null;
}

export function emptySeries(cap = MAX_BARS, stepSec = 60): SeriesState {
  return { bars: [], cap, stepSec, live: null };
}

/**
 * Where a bar comes from. `live`: a stream frame built at `asOf`. `rest`: a page answered at `asOf`; its closed buckets
 * are final, but a bucket still forming at `asOf` never overwrites what the stream wrote later.
 */
export type BarSource = { from: "live"; asOf: number } | { from: "rest"; asOf: number };

/** REST bars that may not replace what the stream already knows (a cached page older than live data). */
function restFilter(state: SeriesState, asOf: number) {
  const live = state.live;
  if (!live) return () => true;
  return (b: Candle) => {
    if ((b.time + state.stepSec) * 1000 <= asOf) return true; // closed at asOf: final
    if (b.time > live.time) return true;
    return b.time === live.time && asOf > live.asOf;
  };
}

function sameBar(a: Candle, b: Candle): boolean {
  return (
    a.time === b.time &&
    a.open === b.open &&
    a.high === b.high &&
    a.low === b.low &&
    a.close === b.close &&
    a.volume === b.volume
  );
}

function isValidBar(c: Candle): boolean {
  return (
    Number.isInteger(c.time) &&
    Number.isFinite(c.open) &&
    Number.isFinite(c.high) &&
    Number.isFinite(c.low) &&
    Number.isFinite(c.close) &&
    Number.isFinite(c.volume)
  );
}

/** Bars ascending with each time once, newest write of a time kept. One pass when they already are (a REST page
 *  comes ascending or descending); otherwise a map and a sort. */
function ascendingUnique(valid: Candle[]): Candle[] {
  let up = true;
  let down = true;
  for (let i = 1; i < valid.length && (up || down); i++) {
    const d = valid[i].time - valid[i - 1].time;
    if (d <= 0) up = false;
    if (d >= 0) down = false;
  }
  if (up) return valid;
  if (down) return valid.reverse();
  const byTime = new Map<number, Candle>();
  for (const c of valid) byTime.set(c.time, c);
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

/** The newest live-streamed bar once `sorted` (ascending, non-empty) is applied. */
function liveAfter(state: SeriesState, sorted: readonly Candle[], source?: BarSource): SeriesState["live"] {
  const live = state.live;
  if (source?.from !== "live") return live;
  const newest = sorted[sorted.length - 1].time;
  if (!live || newest > live.time) return { time: newest, asOf: source.asOf };
  if (newest === live.time && source.asOf > live.asOf) return { time: newest, asOf: source.asOf };
  return live;
}

/** Index of the first bar with time >= t (binary search). */
function lowerBound(bars: readonly Candle[], t: number): number {
  let lo = 0;
  let hi = bars.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (bars[mid].time < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Upserts bars (live pushes or REST pages, any order). Appending or replacing the newest bar yields `update` ops in
 * time order; inserting or changing an older bar (history page, late correction) yields one `setData` of the series.
 */
export function upsertBars(
  state: SeriesState,
  incoming: readonly Candle[],
  source?: BarSource,
): { state: SeriesState; ops: BarOp[] } {
  const keep = source?.from === "rest" ? restFilter(state, source.asOf) : () => true;
  const valid = incoming.filter((c) => isValidBar(c) && keep(c));
  if (valid.length === 0) return { state, ops: [] };
  // Last write wins for one time inside a batch; then ascending.
  const sorted = ascendingUnique(valid);

  // Into an empty series (the first history page) the batch is the series.
  if (state.bars.length === 0) {
    const bars = sorted.length > state.cap ? sorted.slice(sorted.length - state.cap) : sorted;
    const live = liveAfter(state, sorted, source);
    return { state: { ...state, bars, live }, ops: [{ type: "setData", bars }] };
  }
  const bars = state.bars.slice();
  const updates: Candle[] = [];
  let rewrite = false;
  for (const c of sorted) {
    const last = bars[bars.length - 1];
    if (!last || c.time > last.time) {
      bars.push(c);
      updates.push(c);
    } else if (c.time === last.time) {
      if (!sameBar(last, c)) {
        bars[bars.length - 1] = c;
        updates.push(c);
      }
    } else {
      const i = lowerBound(bars, c.time);
      if (bars[i]?.time === c.time) {
        if (sameBar(bars[i], c)) continue;
        bars[i] = c;
      } else bars.splice(i, 0, c);
      rewrite = true;
    }
  }
  if (bars.length > state.cap) bars.splice(0, bars.length - state.cap);
  const live = liveAfter(state, sorted, source);
  if (!rewrite && updates.length === 0) return { state: live === state.live ? state : { ...state, live }, ops: [] };
  const next: SeriesState = { ...state, bars, live };
  if (rewrite) return { state: next, ops: [{ type: "setData", bars }] };
  return { state: next, ops: updates.map((bar) => ({ type: "update", bar })) };
}
