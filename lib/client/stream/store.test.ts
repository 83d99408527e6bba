import { describe, expect, it, vi } from "vitest";
import { type EventFrame, PRECONFIRM_TTL_MS, subscriptionKey, type TokenUpdate } from "@/lib/api";
import type { BarOp } from "./reducers/candles";
import { createManualScheduler } from "./scheduler";
import { createServerClock } from "../server-clock";
import { createStreamStore, MAX_BUFFERED_EVENTS } from "./store";
import { candle, pulseToken, trade } from "./testing/fixtures";

const TOKEN = "0x00000000000000000000000000000000000000aa";
const T0 = 1_700_000_000_000;
const tapeKey = subscriptionKey("trades", { chain: "evm:8453", address: TOKEN });
const seriesKey = subscriptionKey("ohlcv", { chain: "evm:8453", address: TOKEN, interval: "1m", quote: "native" });
const pulseKey = subscriptionKey("pulse", { view: "new", chains: ["evm:8453"] });

const tradesEv = (rows: ReturnType<typeof trade>[], asOf = T0): EventFrame =>
  ({ type: "event", id: "s1", channel: "trades", kind: "trades", data: rows, meta: { asOf } }) as EventFrame;

function setup() {
  const scheduler = createManualScheduler();
  const onTokenUpdates = vi.fn<(u: TokenUpdate[]) => void>();
  let clock = T0;
  const store = createStreamStore({ scheduler, onTokenUpdates, now: () => clock });
  const a = store.getState().actions;
  a.ensure(tapeKey, "trades", {});
  a.ensure(seriesKey, "ohlcv", {});
  a.ensure(pulseKey, "pulse", { view: "new" });
  return { store, a, scheduler, onTokenUpdates, tick: (ms: number) => (clock += ms) };
}

describe("stream store", () => {
  it("buffers events and applies them once per frame", () => {
    const { store, a, scheduler } = setup();
    const renders = vi.fn();
    store.subscribe(renders);
    for (let i = 0; i < 10; i++)
      a.enqueue(tapeKey, tradesEv([trade({ txHash: `0x${i}`, block: i, logIndex: 0, at: T0 + i })]));
    expect(store.getState().tapes[tapeKey].rows).toHaveLength(0);
    expect(scheduler.pending()).toBe(1);
    scheduler.flush();
    expect(store.getState().tapes[tapeKey].rows).toHaveLength(10);
    expect(renders).toHaveBeenCalledTimes(1);
  });

  it("applies a full buffer at once so a hidden tab cannot pile up events", () => {
    const { store, a } = setup();
    for (let i = 0; i < MAX_BUFFERED_EVENTS; i++)
      a.enqueue(tapeKey, tradesEv([trade({ txHash: `0x${i}`, block: i, logIndex: 0, at: T0 + i })]));
    expect(store.getState().tapes[tapeKey].rows.length).toBe(1_000);
  });

  it("sends chart ops to bar listeners without touching React state for them", () => {
    const { a, scheduler } = setup();
    const ops: BarOp[][] = [];
    const off = a.subscribeBars(seriesKey, (o) => ops.push(o));
    a.upsertBars(seriesKey, [candle(60), candle(120)], T0);
    a.enqueue(seriesKey, {
      type: "event",
      id: "s2",
      channel: "ohlcv",
      kind: "candle",
      data: [candle(120, 2), candle(180, 3)],
      meta: { asOf: T0, interval: "1m", quote: "native" },
    } as EventFrame);
    scheduler.flush();
    expect(ops[0][0].type).toBe("setData");
    expect(ops[1]).toEqual([
      { type: "update", bar: candle(120, 2) },
      { type: "update", bar: candle(180, 3) },
    ]);
    a.resetSeries(seriesKey);
    expect(ops[2]).toEqual([{ type: "reset" }]);
    off();
  });

  it("hands token updates over once per frame", () => {
    const { a, scheduler, onTokenUpdates } = setup();
    const k = subscriptionKey("token-updates", { chain: "evm:8453", address: TOKEN });
    const u = { chain: "evm:8453", address: TOKEN, updatedAt: 1 } as TokenUpdate;
    a.enqueue(k, {
      type: "event",
      id: "s3",
      channel: "token-updates",
      kind: "update",
      data: u,
      meta: { asOf: T0 },
    } as EventFrame);
    a.enqueue(k, {
      type: "event",
      id: "s3",
      channel: "token-updates",
      kind: "update",
      data: { ...u, updatedAt: 2 },
      meta: { asOf: T0 },
    } as EventFrame);
    expect(onTokenUpdates).not.toHaveBeenCalled();
    scheduler.flush();
    expect(onTokenUpdates).toHaveBeenCalledTimes(1);
    expect(onTokenUpdates.mock.calls[0][0]).toHaveLength(2);
  });

  it("pulse: REST seed, deltas, then an authoritative snapshot", () => {
    const { store, a, scheduler } = setup();
    const t = (n: number) => pulseToken({ address: `0x${String(n).padStart(40, "0")}`, createdAt: n });
    a.seedPulse(pulseKey, [t(1), t(2)], 100);
    const meta = { asOf: 150, view: "new" };
    a.enqueue(pulseKey, { type: "event", id: "s4", channel: "pulse", kind: "enter", data: t(3), meta } as EventFrame);
    scheduler.flush();
    expect(store.getState().pulse[pulseKey].items.map((x) => x.createdAt)).toEqual([3, 2, 1]);
    a.enqueue(pulseKey, {
      type: "event",
      id: "s4",
      channel: "pulse",
      kind: "snapshot",
      data: [t(5)],
      meta: { asOf: 200, view: "new" },
    } as EventFrame);
    scheduler.flush();
    expect(store.getState().pulse[pulseKey].items.map((x) => x.createdAt)).toEqual([5]);
    a.seedPulse(pulseKey, [t(1)], 190); // an older REST list is ignored
    expect(store.getState().pulse[pulseKey].items.map((x) => x.createdAt)).toEqual([5]);
  });

  it("prunes unconfirmed preconfirmed rows on the server clock", () => {
    const { store, a, scheduler, tick } = setup();
    a.enqueue(
      tapeKey,
      tradesEv([trade({ txHash: "0xp", block: 1, logIndex: 0, at: T0, preconfirmed: true })], T0 + 60_000),
    );
    scheduler.flush(); // the server clock runs 60 s ahead of ours: the row is already stale
    expect(store.getState().tapes[tapeKey].rows).toHaveLength(0);
    expect(store.getState().serverOffsetMs).toBe(60_000);
    a.mergeTradeRows(tapeKey, [trade({ txHash: "0xq", block: 2, logIndex: 0, at: T0 + 60_000, preconfirmed: true })]);
    expect(store.getState().tapes[tapeKey].rows).toHaveLength(1);
    tick(PRECONFIRM_TTL_MS + 1);
    a.prune();
    expect(store.getState().tapes[tapeKey].rows).toHaveLength(0);
  });

  it("reads ages on the clock it is given, which REST answers also move", () => {
    const clock = createServerClock();
    const store = createStreamStore({ scheduler: createManualScheduler(), now: () => T0, clock });
    const a = store.getState().actions;
    a.ensure(tapeKey, "trades", {});
    clock.observe(T0 + PRECONFIRM_TTL_MS + 15_000, T0); // a REST answer: the market runs 45 s ahead
    expect(store.getState().serverOffsetMs).toBe(PRECONFIRM_TTL_MS + 15_000);
    a.mergeTradeRows(tapeKey, [trade({ txHash: "0xr", block: 3, logIndex: 0, at: T0, preconfirmed: true })]);
    expect(store.getState().tapes[tapeKey].rows).toHaveLength(0); // 45 s old on the market's clock: expired
  });

  it("releases a key's slices and ignores its late events", () => {
    const { store, a, scheduler } = setup();
    a.enqueue(tapeKey, tradesEv([trade({ txHash: "0x1", block: 1, logIndex: 0, at: T0 })]));
    a.release(tapeKey);
    scheduler.flush();
    a.enqueue(tapeKey, tradesEv([trade({ txHash: "0x2", block: 1, logIndex: 0, at: T0 })]));
    scheduler.flush();
    expect(store.getState().tapes[tapeKey]).toBeUndefined();
  });

  it("records and clears subscription errors", () => {
    const { store, a } = setup();
    a.setSubError(tapeKey, { code: "limit_tracked", message: "x", limit: 50 });
    expect(store.getState().subErrors[tapeKey].code).toBe("limit_tracked");
    a.setSubError(tapeKey, null);
    expect(store.getState().subErrors[tapeKey]).toBeUndefined();
  });
});
