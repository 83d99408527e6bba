import "./testing/dom-stub";
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, type ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { WebSocket } from "ws";
import { type Candle, type TokenTrade, tradeKey } from "@/lib/api";
import { pulseStreamOptions, tokenOptions } from "../queries";
import {
  type CandleStreamInput,
  useCandleStream,
  useLiveTrades,
  usePulseStream,
  useStreamStatus,
  useSubscriptionError,
  useTokenUpdates,
  useWorstDelayMs,
} from "./hooks";
import { manualOnline } from "./online";
import { StreamProvider } from "./provider";
import type { BarOp } from "./reducers/candles";
import { createStreamRuntime, type StreamRuntime } from "./runtime";
import { createManualScheduler } from "./scheduler";
import { type FakeGateway, startFakeGateway, waitFor } from "./testing/fake-gateway";
import { candle, pulseToken, tokenUpdateFrame, trade, tradesFrame } from "./testing/fixtures";
import { renderHook } from "./testing/render-hook";

const TOKEN = "0x00000000000000000000000000000000000000aa";
const POOL = "0x00000000000000000000000000000000000000bb";
const T0 = 1_700_000_000_000;
const row = (i: number): TokenTrade =>
  trade({ txHash: `0x${i.toString(16).padStart(4, "0")}`, block: 100 + i, logIndex: 0, at: T0 + i * 1000 });

let gw: FakeGateway;
let rt: StreamRuntime;
let qc: QueryClient;
let scheduler: ReturnType<typeof createManualScheduler>;
let restTape: TokenTrade[];
let restAsOf: number;
const fetched: string[] = [];

function respond(path: string, q: URLSearchParams): unknown {
  if (path === "/api/v1/pulse")
    return {
      data: [1, 2, 3].map((n) => pulseToken({ address: `0x${String(n).padStart(40, "0")}`, createdAt: n })),
      meta: { asOf: T0, view: q.get("view") },
    };
  if (path === "/api/v1/token/trades")
    return {
      data: [...restTape].sort((a, b) => b.at - a.at),
      meta: { asOf: restAsOf, hasMore: false, nextCursor: null },
    };
  if (path === "/api/v1/token/ohlcv")
    return {
      data: [candle(60), candle(120)],
      meta: {
        asOf: T0,
        interval: q.get("interval"),
        count: 2,
        oldestTime: 60,
        newestTime: 120,
        hasMore: false,
        quote: "native",
      },
    };
  if (path === "/api/v1/token")
    return {
      data: { chain: "evm:8453", address: TOKEN, priceUsd: 1, updatedAt: 1, launchpad: null, name: "Tok" },
      meta: { asOf: 1 },
    };
  throw new Error(`unexpected ${path}`);
}

beforeEach(async () => {
  gw = await startFakeGateway();
  restTape = [];
  restAsOf = T0;
  fetched.length = 0;
  vi.stubGlobal("fetch", async (url: string) => {
    const u = new URL(url, "http://app.test");
    fetched.push(u.pathname);
    return new Response(JSON.stringify(respond(u.pathname, u.searchParams)), { status: 200 });
  });
  qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  scheduler = createManualScheduler();
  rt = makeRuntime();
});

/** The tab's runtime on the fake gateway, with the tests' own options on top. */
function makeRuntime(extra: Partial<Parameters<typeof createStreamRuntime>[0]> = {}): StreamRuntime {
  return createStreamRuntime({
    queryClient: qc,
    url: gw.url,
    WebSocket,
    scheduler,
    releaseDelayMs: 0,
    // The ack's join of a tape's REST snapshot to the live flow waits this long for the first live row before it reads
    // REST. Each test broadcasts its rows after the ack; a short wait would let a slow machine end it first and add a
    // read the test does not count. No test here needs the read the wait ends in.
    resumeEventWaitMs: 60_000,
    client: { online: manualOnline(true), minDelayMs: 5 },
    ...extra,
  });
}
afterEach(async () => {
  rt.dispose();
  vi.unstubAllGlobals();
  await gw.close();
});

const wrapper = (children: ReactNode) => (
  <QueryClientProvider client={qc}>
    <StreamProvider runtime={rt}>{children}</StreamProvider>
  </QueryClientProvider>
);
const subs = () => gw.received.filter((f) => f.type === "subscribe");
/** Polls inside act(): flushes the frame scheduler, lets sockets and fetches run, then checks. */
const until = async (cond: () => boolean, what = "condition") => {
  const start = Date.now();
  for (;;) {
    await act(async () => {
      scheduler.flush();
      await new Promise((r) => setTimeout(r, 5));
    });
    if (cond()) return;
    if (Date.now() - start > 20_000) throw new Error(`timed out waiting for ${what}`);
  }
};

describe("stream hooks", () => {
  it("useWorstDelayMs: the pulse lists' delay follows the gateway's mode frames in place", async () => {
    const h = await renderHook(
      (p: { view: "new"; chains: "evm:8453"[] }) => ({ pulse: usePulseStream(p), all: useWorstDelayMs(), pulseOnly: useWorstDelayMs("pulse") }),
      { view: "new" as const, chains: ["evm:8453" as const] },
      wrapper,
    );
    await until(() => subs().length === 1, "subscribe");
    expect(h.result.current.pulseOnly).toBeNull();
    gw.broadcast({ type: "mode", ids: [subs()[0].id], mode: "poll", delayMs: 4_200 });
    await until(() => h.result.current.pulseOnly === 4_200, "polled");
    expect(h.result.current.all).toBe(4_200);
    gw.broadcast({ type: "mode", ids: [subs()[0].id], mode: "stream" });
    await until(() => h.result.current.pulseOnly === null, "streamed again");
    expect(h.result.current.all).toBeNull();
    await h.unmount();
  });

  it("usePulseStream: REST list first, then the stream snapshot replaces it; unmount unsubscribes", async () => {
    const h = await renderHook(
      usePulseStream,
      { view: "new" as const, chains: ["evm:8453" as const], limit: 2 },
      wrapper,
    );
    await until(() => h.result.current.tokens.length === 2 && subs().length === 1, "REST + subscribe");
    expect(h.result.current.tokens.map((t) => t.createdAt)).toEqual([3, 2]);
    expect(fetched).toEqual(["/api/v1/pulse"]);
    gw.broadcast({
      type: "event",
      id: "s1",
      channel: "pulse",
      kind: "snapshot",
      meta: { asOf: T0 + 1, view: "new" },
      data: [pulseToken({ address: `0x${"9".padStart(40, "0")}`, createdAt: 9 })],
    });
    await until(() => h.result.current.tokens.length === 1, "snapshot");
    expect(h.result.current.tokens[0].createdAt).toBe(9);
    expect(h.result.current.live).toBe(true);
    await h.unmount();
    await waitFor(() => gw.received.some((f) => f.type === "unsubscribe"));
  });

  /**
   * Renders usePulseStream over a list the page came with as its first screenful, invalidated so the browser completes
   * it (firstPaintLists), waiting `snapshotWaitMs` for the stream's snapshot.
   */
  const renderFirstPaint = (snapshotWaitMs: number) => {
    const { queryKey } = pulseStreamOptions({ view: "new", chains: ["evm:8453"] });
    qc.setQueryData(queryKey, {
      data: [pulseToken({ address: `0x${"1".padStart(40, "0")}`, createdAt: 1 })],
      meta: { asOf: T0 - 1, view: "new" },
    });
    void qc.invalidateQueries({ queryKey, exact: true, refetchType: "none" });
    return renderHook(usePulseStream, { view: "new" as const, chains: ["evm:8453" as const], snapshotWaitMs }, wrapper);
  };
  const snapshot = (asOf: number) =>
    gw.broadcast({
      type: "event",
      id: "s1",
      channel: "pulse",
      kind: "snapshot",
      meta: { asOf, view: "new" },
      data: [8, 9].map((n) => pulseToken({ address: `0x${String(n).padStart(40, "0")}`, createdAt: n })),
    });

  it("usePulseStream: a first-paint list the stream's snapshot replaces in time is never fetched from REST", async () => {
    const h = await renderFirstPaint(60_000);
    await until(() => subs().length === 1, "subscribe");
    expect(h.result.current.tokens.map((t) => t.createdAt)).toEqual([1]);
    snapshot(T0 + 1);
    await until(() => h.result.current.tokens.length === 2, "snapshot");
    expect(h.result.current.tokens.map((t) => t.createdAt)).toEqual([9, 8]);
    expect(fetched).toEqual([]);
    // what the column shows as the REST list stays the page's screenful; a retry still asks REST
    expect(h.result.current.restData?.data).toHaveLength(1);
    h.result.current.retry();
    await until(() => fetched.length === 1, "retry");
    expect(fetched).toEqual(["/api/v1/pulse"]);
    await h.unmount();
  });

  it("usePulseStream: a first-paint list is fetched whole once the snapshot is late, and not again when it lands", async () => {
    const h = await renderFirstPaint(50);
    await until(() => fetched.length === 1 && h.result.current.tokens.length === 3, "REST after the wait");
    expect(h.result.current.tokens.map((t) => t.createdAt)).toEqual([3, 2, 1]);
    await until(() => subs().length === 1, "subscribe");
    snapshot(T0 + 1);
    await until(() => h.result.current.tokens.length === 2, "snapshot");
    expect(fetched).toEqual(["/api/v1/pulse"]);
    await h.unmount();
  });

  it("usePulseStream: a first-paint list whose subscription the stream refuses is fetched from REST at once", async () => {
    const h = await renderFirstPaint(60_000);
    await until(() => subs().length === 1, "subscribe");
    expect(fetched).toEqual([]);
    gw.broadcast({ type: "error", id: "s1", code: "limit_tracked", message: "50 at most", limit: 50 });
    await until(() => fetched.length === 1 && h.result.current.tokens.length === 3, "REST after the refusal");
    expect(h.result.current.subscriptionError?.code).toBe("limit_tracked");
    await h.unmount();
  });

  it("useLiveTrades: live rows and REST pages merged, unique and newest first", async () => {
    restTape = [1, 2, 3].map(row);
    restAsOf = row(3).at + 500;
    const h = await renderHook(useLiveTrades, { chain: "evm:8453" as const, address: TOKEN, pools: [POOL] }, wrapper);
    await until(() => h.result.current.rows.length === 3 && subs().length === 1);
    gw.broadcast(tradesFrame("s1", [row(3), row(4)], T0));
    await until(() => h.result.current.rows.length === 4, "live merge");
    expect(h.result.current.rows.map(tradeKey)).toEqual([4, 3, 2, 1].map((i) => tradeKey(row(i))));
    expect(fetched.filter((p) => p === "/api/v1/token/trades")).toHaveLength(1);
    await h.unmount();
  });

  it("useLiveTrades: live rows starting after the REST snapshot trigger a first-page refetch (no hole)", async () => {
    restTape = [1, 2].map(row);
    restAsOf = row(2).at;
    const h = await renderHook(useLiveTrades, { chain: "evm:8453" as const, address: TOKEN, pools: [POOL] }, wrapper);
    await until(() => h.result.current.rows.length === 2 && subs().length === 1);
    restTape = [1, 2, 3, 4, 5].map(row); // row 3 happened between the REST read and the subscription
    restAsOf = row(5).at;
    gw.broadcast(tradesFrame("s1", [row(4), row(5)], T0));
    await until(() => h.result.current.rows.length === 5, "repaired");
    expect(h.result.current.rows.map(tradeKey)).toEqual([5, 4, 3, 2, 1].map((i) => tradeKey(row(i))));
    expect(fetched.filter((p) => p === "/api/v1/token/trades")).toHaveLength(2);
    await h.unmount();
  });

  it("useLiveTrades: a refetch answered from before the hole is asked again until the hole is filled", async () => {
    rt.dispose();
    rt = makeRuntime({ tapeRefreshMinMs: 200 });
    restTape = [1, 2].map(row);
    restAsOf = row(2).at;
    const h = await renderHook(useLiveTrades, { chain: "evm:8453" as const, address: TOKEN, pools: [POOL] }, wrapper);
    await until(() => h.result.current.rows.length === 2 && subs().length === 1);
    // Row 3 trades unseen; live rows start at row 4; the first refetch gets a copy cached before row 3 (a proxy's).
    gw.broadcast(tradesFrame("s1", [row(4), row(5)], T0));
    await until(() => fetched.filter((p) => p === "/api/v1/token/trades").length === 2, "the first refetch");
    await until(() => h.result.current.rows.length === 4, "live rows shown");
    expect(h.result.current.rows.map(tradeKey)).toEqual([5, 4, 2, 1].map((i) => tradeKey(row(i))));
    restTape = [1, 2, 3, 4, 5].map(row);
    restAsOf = row(5).at;
    await until(() => h.result.current.rows.length === 5, "the hole filled by a later refetch");
    expect(h.result.current.rows.map(tradeKey)).toEqual([5, 4, 3, 2, 1].map((i) => tradeKey(row(i))));
    // Once the hole is gone nothing asks again: a later live row comes with no REST call.
    const calls = fetched.filter((p) => p === "/api/v1/token/trades").length;
    gw.broadcast(tradesFrame("s1", [row(6)], T0));
    await until(() => h.result.current.rows.length === 6, "a later live row");
    expect(fetched.filter((p) => p === "/api/v1/token/trades")).toHaveLength(calls);
    await h.unmount();
  });

  it("useCandleStream: history by setData, live bars by update, an interval change resets", async () => {
    const ops: BarOp[] = [];
    const onBars = (o: BarOp[]) => ops.push(...o);
    const input: CandleStreamInput = { chain: "evm:8453", address: TOKEN, pools: [POOL], interval: "1m" };
    const h = await renderHook((p: typeof input) => useCandleStream(p, onBars), input, wrapper);
    await until(() => ops.some((o) => o.type === "setData" && o.bars.length === 2) && subs().length === 1, "history");
    expect(ops[0]).toEqual({ type: "reset" });
    gw.broadcast({
      type: "event",
      id: "s1",
      channel: "ohlcv",
      kind: "candle",
      meta: { asOf: T0, interval: "1m", quote: "native" },
      data: [candle(120, 2), candle(180, 3)],
    });
    await until(() => ops.filter((o) => o.type === "update").length === 2, "live");
    const updates = ops.filter((o): o is { type: "update"; bar: Candle } => o.type === "update").map((o) => o.bar.time);
    expect(updates).toEqual([120, 180]);
    const before = ops.length;
    await h.rerender({ ...input, interval: "5m" });
    await until(() => subs().length === 2, "resubscribe 5m");
    expect(ops[before]).toEqual({ type: "reset" });
    await h.unmount();
  });

  it("useTokenUpdates moves every reader of tokenOptions; status and errors through narrow selectors", async () => {
    const h = await renderHook(
      () => {
        const err = useTokenUpdates({ chain: "evm:8453", address: TOKEN });
        const price = useQuery({
          ...tokenOptions({ chain: "evm:8453", address: TOKEN }),
          select: (e) => e.data.priceUsd,
        }).data;
        return { err, price };
      },
      undefined,
      wrapper,
    );
    const status = await renderHook(useStreamStatus, undefined, wrapper);
    const subErr = await renderHook(
      () => useSubscriptionError("token-updates", { chain: "evm:8453", address: TOKEN }),
      undefined,
      wrapper,
    );
    await until(() => h.result.current.price === 1 && subs().length === 1 && status.result.current.status === "live");
    const statusRenders = status.result.renders;
    gw.broadcast(tokenUpdateFrame("s1", TOKEN, 2, 5));
    await until(() => h.result.current.price === 2, "live price");
    expect(status.result.renders).toBe(statusRenders); // a token update does not re-render the status badge
    gw.broadcast({ type: "error", id: "s1", code: "limit_tracked", message: "50 at most", limit: 50 });
    await until(() => subErr.result.current?.code === "limit_tracked");
    expect(h.result.current.err?.limit).toBe(50);
    await h.unmount();
    await status.unmount();
    await subErr.unmount();
  });
});
