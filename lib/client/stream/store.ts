import { createStore, type StoreApi } from "zustand/vanilla";
import {
  type Candle,
  type Channel,
  type EventFrame,
  INTERVAL_SECONDS,
  type OhlcvInterval,
  type PulseToken,
  type PulseView,
  type TokenTrade,
  type TokenUpdate,
} from "@/lib/api/core";
import { createServerClock, type ServerClock, serverClock } from "../server-clock";
import { applyEvents, type QueuedEvent } from "./apply-events";
import { type BarOp, emptySeries, MAX_BARS, type SeriesState, upsertBars } from "./reducers/candles";
import { applyPulseSnapshot, emptyPulse, type PulseListState } from "./reducers/pulse";
import { emptyTape, mergeTrades, pruneTrades, type TapeState, truncateTrades } from "./reducers/trades";
import { createFrameScheduler, type FrameScheduler } from "./scheduler";
import type { ConnectionInfo, Liveness, StreamSubscriptionError } from "./socket";

// One store for every live view, cut into slices (connection, pulse, tapes, candle series, subscription errors).
// Events are buffered and applied once per animation frame; chart bars leave through `subscribeBars`, not state.

/** Past this many buffered events the batch is applied at once (a hidden tab must not pile up memory). */
export const MAX_BUFFERED_EVENTS = 5_000;

export interface StreamActions {
  setConnection(c: ConnectionInfo): void;
  /** Creates the empty slice for a subscription key (idempotent). */
  ensure(key: string, channel: Channel, params: { view?: PulseView; interval?: OhlcvInterval }): void;
  /** Drops a key's slices (its last user left). */
  release(key: string): void;
  enqueue(key: string, frame: EventFrame): void;
  /** Applies buffered events now (normally called by the frame scheduler). */
  flush(): void;
  /** A full list (REST or repair) applied as a snapshot: an older list than the current one is ignored. */
  seedPulse(key: string, items: readonly PulseToken[], asOf: number): void;
  /** REST rows (gap repair) merged into the live ring. */
  mergeTradeRows(key: string, rows: readonly TokenTrade[]): void;
  /** Cuts the ring at `bound` (kept when `inclusive`): nothing older than an unrepaired gap stays. */
  truncateTape(key: string, bound: TokenTrade, inclusive?: boolean): void;
  /**
   * Bars from REST (history pages, repair) answered at `asOf`, merged into the series (a bucket still forming at
   * `asOf` never overwrites newer live data); chart ops go to bar listeners.
   */
  upsertBars(key: string, bars: readonly Candle[], asOf: number): void;
  /** Forgets a series (interval/quote/pools change) and tells its listeners to reset. */
  resetSeries(key: string): void;
  subscribeBars(key: string, listener: (ops: BarOp[]) => void): () => void;
  setSubError(key: string, error: StreamSubscriptionError | null): void;
  setLiveness(key: string, liveness: Liveness): void;
  /** Drops expired preconfirmed rows (server clock). */
  prune(): void;
}

export interface StreamState {
  connection: ConnectionInfo;
  pulse: Record<string, PulseListState>;
  tapes: Record<string, TapeState>;
  series: Record<string, SeriesState>;
  subErrors: Record<string, StreamSubscriptionError>;
  /** How the gateway serves each subscription (absent until acknowledged, or from a gateway that does not say). */
  liveness: Record<string, Liveness>;
  /** serverNow ≈ Date.now() + serverOffsetMs: the store's ServerClock offset (learned from every meta.asOf). */
  serverOffsetMs: number;
  actions: StreamActions;
}

export type StreamStore = StoreApi<StreamState>;

export interface StreamStoreOptions {
  scheduler?: FrameScheduler;
  onTokenUpdates?: (updates: TokenUpdate[]) => void;
  now?: () => number;
  /** The market clock ages and expiries use; in a browser the tab's one (REST answers feed it too). */
  clock?: ServerClock;
}

function without<T>(rec: Record<string, T>, key: string): Record<string, T> {
  if (!(key in rec)) return rec;
  const { [key]: _, ...rest } = rec;
  return rest;
}

export function createStreamStore(opts: StreamStoreOptions = {}): StreamStore {
  const scheduler = opts.scheduler ?? createFrameScheduler();
  const now = opts.now ?? Date.now;
  const clock = opts.clock ?? (typeof window !== "undefined" ? serverClock : createServerClock());
  const barListeners = new Map<string, Set<(ops: BarOp[]) => void>>();
  let buffer: QueuedEvent[] = [];
  let scheduled: (() => void) | null = null;

  const emitBars = (key: string, ops: BarOp[]) => {
    for (const l of barListeners.get(key) ?? []) l(ops);
  };

  const store = createStore<StreamState>()((set, get) => {
    const serverNow = () => now() + clock.offsetMs();
    const actions: StreamActions = {
      setConnection: (connection) => set({ connection }),
      ensure(key, channel, params) {
        const s = get();
        if (channel === "trades" && !s.tapes[key]) set({ tapes: { ...s.tapes, [key]: emptyTape() } });
        if (channel === "ohlcv" && !s.series[key])
          set({ series: { ...s.series, [key]: emptySeries(MAX_BARS, INTERVAL_SECONDS[params.interval ?? "1m"]) } });
        if (channel === "pulse" && !s.pulse[key] && params.view)
          set({ pulse: { ...s.pulse, [key]: emptyPulse(params.view) } });
      },
      release(key) {
        const s = get();
        buffer = buffer.filter((e) => e.key !== key);
        set({
          tapes: without(s.tapes, key),
          series: without(s.series, key),
          pulse: without(s.pulse, key),
          subErrors: without(s.subErrors, key),
          liveness: without(s.liveness, key),
        });
      },
      enqueue(key, frame) {
        buffer.push({ key, frame });
        if (buffer.length >= MAX_BUFFERED_EVENTS) actions.flush();
        else scheduled ??= scheduler.schedule(actions.flush);
      },
      flush() {
        scheduled?.();
        scheduled = null;
        if (buffer.length === 0) return;
        const batch = buffer;
        buffer = [];
        const s = get();
        const r = applyEvents({ pulse: s.pulse, tapes: s.tapes, series: s.series }, batch);
        if (r.maxAsOf !== null) clock.observe(r.maxAsOf, now());
        const serverOffsetMs = clock.offsetMs();
        const t = now() + serverOffsetMs;
        let tapes = r.slices.tapes;
        for (const [k, tape] of Object.entries(tapes)) {
          const pruned = pruneTrades(tape, t);
          if (pruned !== tape) tapes = { ...tapes, [k]: pruned };
        }
        set({ pulse: r.slices.pulse, tapes, series: r.slices.series, serverOffsetMs });
        for (const [key, ops] of r.barOps) emitBars(key, ops);
        if (r.tokenUpdates.length) opts.onTokenUpdates?.(r.tokenUpdates);
      },
      seedPulse(key, items, asOf) {
        const cur = get().pulse[key];
        if (!cur) return;
        const next = applyPulseSnapshot(cur, items, asOf);
        if (next !== cur) set({ pulse: { ...get().pulse, [key]: next } });
      },
      mergeTradeRows(key, rows) {
        const cur = get().tapes[key];
        if (!cur) return;
        const next = pruneTrades(mergeTrades(cur, rows), serverNow());
        if (next !== cur) set({ tapes: { ...get().tapes, [key]: next } });
      },
      truncateTape(key, bound, inclusive = true) {
        const cur = get().tapes[key];
        if (cur) set({ tapes: { ...get().tapes, [key]: truncateTrades(cur, bound, inclusive) } });
      },
      upsertBars(key, bars, asOf) {
        const cur = get().series[key];
        if (!cur) return;
        const r = upsertBars(cur, bars, { from: "rest", asOf });
        if (r.state !== cur) set({ series: { ...get().series, [key]: r.state } });
        if (r.ops.length) emitBars(key, r.ops);
      },
      resetSeries(key) {
        if (!get().series[key]) return;
        const cur = get().series[key];
        set({ series: { ...get().series, [key]: emptySeries(cur.cap, cur.stepSec) } });
        emitBars(key, [{ type: "reset" }]);
      },
      subscribeBars(key, listener) {
        let set_ = barListeners.get(key);
        if (!set_) barListeners.set(key, (set_ = new Set()));
        set_.add(listener);
        return () => {
          set_.delete(listener);
          if (set_.size === 0) barListeners.delete(key);
        };
      },
      setSubError(key, error) {
        const cur = get().subErrors;
        if (error) set({ subErrors: { ...cur, [key]: error } });
        else if (key in cur) set({ subErrors: without(cur, key) });
      },
      setLiveness(key, liveness) {
        const cur = get().liveness[key];
        if (cur?.mode === liveness.mode && cur.delayMs === liveness.delayMs) return;
        set({ liveness: { ...get().liveness, [key]: liveness } });
      },
      prune() {
        const t = serverNow();
        const s = get();
        let tapes = s.tapes;
        for (const [k, tape] of Object.entries(s.tapes)) {
          const pruned = pruneTrades(tape, t);
          if (pruned !== tape) tapes = { ...tapes, [k]: pruned };
        }
        if (tapes !== s.tapes) set({ tapes });
      },
    };
    return {
      connection: { status: "connecting", since: now(), attempt: 0, limits: null, latencyMs: null },
      pulse: {},
      tapes: {},
      series: {},
      subErrors: {},
      liveness: {},
      serverOffsetMs: clock.offsetMs(),
      actions,
    };
  });
  // REST answers move the tab's clock too: mirror it so serverNowOf(state) and the store's own pruning agree.
  clock.subscribe(() => {
    if (store.getState().serverOffsetMs !== clock.offsetMs()) store.setState({ serverOffsetMs: clock.offsetMs() });
  });
  return store;
}

export function serverNowOf(state: Pick<StreamState, "serverOffsetMs">, now = Date.now()): number {
  return now + state.serverOffsetMs;
}
