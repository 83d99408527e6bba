import type { EventFrame, TokenUpdate } from "@/lib/api/core";
import { type BarOp, type SeriesState, upsertBars } from "./reducers/candles";
import { applyPulseDelta, applyPulseSnapshot, type PulseListState } from "./reducers/pulse";
import { mergeTrades, revertTrades, type TapeState } from "./reducers/trades";

// One frame's worth of buffered events applied to the store's slices through the pure reducers. Consecutive
// trade rows and candles of one subscription are merged in one call.

export interface QueuedEvent {
  key: string;
  frame: EventFrame;
}

export interface Slices {
  pulse: Record<string, PulseListState>;
  tapes: Record<string, TapeState>;
  series: Record<string, SeriesState>;
}

export interface AppliedBatch {
  slices: Slices;
  barOps: Map<string, BarOp[]>;
  tokenUpdates: TokenUpdate[];
  /** Newest server time seen (meta.asOf), for the server clock estimate. */
  maxAsOf: number | null;
}

function groupByKey(events: readonly QueuedEvent[]): Map<string, EventFrame[]> {
  const out = new Map<string, EventFrame[]>();
  for (const e of events) {
    const list = out.get(e.key);
    if (list) list.push(e.frame);
    else out.set(e.key, [e.frame]);
  }
  return out;
}

function applyTape(state: TapeState, frames: readonly EventFrame[]): TapeState {
  let s = state;
  let rows: EventFrame["data"][] = [];
  const flush = () => {
    if (rows.length) s = mergeTrades(s, rows.flat() as never);
    rows = [];
  };
  for (const f of frames) {
    if (f.channel !== "trades") continue;
    if (f.kind === "trades") rows.push(f.data);
    else {
      flush();
      s = revertTrades(s, f.data);
    }
  }
  flush();
  return s;
}

function applyPulse(state: PulseListState, frames: readonly EventFrame[]): PulseListState {
  let s = state;
  for (const f of frames) {
    if (f.channel !== "pulse" || f.meta.view !== s.view) continue;
    const asOf = f.meta.asOf;
    if (f.kind === "snapshot") s = applyPulseSnapshot(s, f.data, asOf);
    else if (f.kind === "leave")
      s = applyPulseDelta(s, { kind: "leave", chain: f.data.chain, address: f.data.address, asOf });
    else s = applyPulseDelta(s, { kind: f.kind, token: f.data, asOf });
  }
  return s;
}

export function applyEvents(slices: Slices, events: readonly QueuedEvent[]): AppliedBatch {
  const next: Slices = { pulse: slices.pulse, tapes: slices.tapes, series: slices.series };
  const barOps = new Map<string, BarOp[]>();
  const tokenUpdates: TokenUpdate[] = [];
  let maxAsOf: number | null = null;
  for (const e of events) maxAsOf = Math.max(maxAsOf ?? 0, e.frame.meta.asOf);

  for (const [key, frames] of groupByKey(events)) {
    const channel = frames[0].channel;
    if (channel === "token-updates") {
      for (const f of frames) if (f.channel === "token-updates") tokenUpdates.push(f.data);
    } else if (channel === "trades" && next.tapes[key]) {
      const s = applyTape(next.tapes[key], frames);
      if (s !== next.tapes[key]) next.tapes = { ...next.tapes, [key]: s };
    } else if (channel === "pulse" && next.pulse[key]) {
      const s = applyPulse(next.pulse[key], frames);
      if (s !== next.pulse[key]) next.pulse = { ...next.pulse, [key]: s };
    } else if (channel === "ohlcv" && next.series[key]) {
      const bars = frames.flatMap((f) => (f.channel === "ohlcv" ? f.data : []));
      const asOf = Math.max(...frames.map((f) => f.meta.asOf));
      const r = upsertBars(next.series[key], bars, { from: "live", asOf });
      if (r.state !== next.series[key]) next.series = { ...next.series, [key]: r.state };
      if (r.ops.length) barOps.set(key, r.ops);
    }
  }
  return { slices: next, barOps, tokenUpdates, maxAsOf };
}
