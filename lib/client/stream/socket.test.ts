import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { WebSocket } from "ws";
import type { EventFrame } from "@/lib/api";
import { manualOnline } from "./online";
import { createStreamClient, type StreamClient, type StreamSubscriptionError } from "./socket";
import { type FakeGateway, startFakeGateway, waitFor } from "./testing/fake-gateway";
import { trade, tradesFrame } from "./testing/fixtures";

const TOKEN = "0x00000000000000000000000000000000000000aa";
const trades = { chain: "evm:8453", address: TOKEN };

let gw: FakeGateway;
let client: StreamClient;
const online = manualOnline(true);

function connect(extra: Partial<Parameters<typeof createStreamClient>[0]> = {}) {
  client = createStreamClient({ url: gw.url, WebSocket, online, minDelayMs: 5, maxDelayMs: 40, ...extra });
  return client;
}
const subs = () => gw.received.filter((f) => f.type === "subscribe");

beforeEach(async () => {
  gw = await startFakeGateway();
});
afterEach(async () => {
  client?.close();
  await gw.close();
});

describe("stream socket", () => {
  it("goes live, shares identical subscriptions under one client id and unsubscribes with the last user", async () => {
    connect();
    expect(client.connection().status).toBe("connecting");
    const a = client.subscribe("trades", trades, { onEvent: () => {} });
    const b = client.subscribe(
      "trades",
      { address: TOKEN.toUpperCase().replace("0X", "0x"), chain: "evm:8453" },
      { onEvent: () => {} },
    );
    await waitFor(() => client.connection().status === "live" && subs().length === 1, 3000, "live + subscribe");
    expect(subs()[0]).toMatchObject({ id: "s1", channel: "trades", params: { chain: "evm:8453", address: TOKEN } });
    await waitFor(() => client.subscriptions().get(`trades?address=${TOKEN}&chain=evm:8453`)?.state === "active");
    a();
    await new Promise((r) => setTimeout(r, 20));
    expect(gw.received.some((f) => f.type === "unsubscribe")).toBe(false);
    b();
    await waitFor(() => gw.received.some((f) => f.type === "unsubscribe" && f.id === "s1"));
    expect(client.subscriptions().size).toBe(0);
  });

  it("delivers events by id to every subscriber and ignores malformed frames", async () => {
    connect();
    const got: EventFrame[][] = [[], []];
    client.subscribe("trades", trades, { onEvent: (f) => got[0].push(f) });
    client.subscribe("trades", trades, { onEvent: (f) => got[1].push(f) });
    await waitFor(() => subs().length === 1);
    gw.sendRaw("{not json");
    gw.broadcast({
      type: "event",
      id: "s1",
      channel: "trades",
      kind: "trades",
      data: [{ bogus: true }],
      meta: { asOf: 1 },
    });
    gw.broadcast({
      type: "event",
      id: "s1",
      channel: "trades",
      kind: "revert",
      data: [{ txHash: "0x1", block: 1, logIndex: 0 }],
      meta: { asOf: 2 },
    });
    gw.broadcast({ type: "event", id: "s9", channel: "trades", kind: "revert", data: [], meta: { asOf: 3 } });
    await waitFor(() => got[0].length === 1 && got[1].length === 1);
    expect(got[0][0]).toMatchObject({ kind: "revert", meta: { asOf: 2 } });
    await waitFor(() => client.stats().invalidFrames === 2);
  });

  it("reconnects after a drop, resubscribes everything (trades with sinceAt) and reports the reconnect", async () => {
    connect({ sinceAt: (key) => (key.startsWith("trades") ? 1234 : undefined) });
    const reconnects = vi.fn();
    client.subscribe("trades", trades, { onEvent: () => {}, onReconnect: reconnects });
    client.subscribe("pulse", { view: "new", chains: ["solana"] }, { onEvent: () => {}, onReconnect: reconnects });
    await waitFor(() => subs().length === 2);
    const statuses: string[] = [];
    client.onConnection((c) => statuses.push(c.status));
    gw.dropAll();
    await waitFor(() => subs().length === 4, 3000, "resubscribe");
    expect(statuses).toContain("reconnecting");
    expect(client.connection().status).toBe("live");
    const again = subs().slice(2);
    expect(again.find((f) => f.channel === "trades")).toMatchObject({ id: "s1", sinceAt: 1234 });
    expect(again.find((f) => f.channel === "pulse")).toMatchObject({ id: "s2" });
    expect(again.find((f) => f.channel === "pulse")?.sinceAt).toBeUndefined();
    expect(reconnects).toHaveBeenCalledTimes(2);
    expect(client.stats().reconnects).toBe(1);
  });

  it("resumes trades after the last row the gateway forwarded, so none is sent again", async () => {
    connect({ sinceAt: () => 2_000 });
    let events = 0;
    client.subscribe("trades", trades, { onEvent: () => events++ });
    await waitFor(() => subs().length === 1);
    expect(subs()[0]?.after).toBeUndefined(); // nothing forwarded yet
    // Two rows of one block share a time: a resume at that time alone would send both again.
    const rows = [
      trade({ txHash: "0xa1", at: 2_000, block: 7, logIndex: 0 }),
      trade({ txHash: "0xa2", at: 2_000, block: 7, logIndex: 1 }),
    ];
    gw.broadcast(tradesFrame("s1", rows, 2_000));
    gw.broadcast({ type: "event", id: "s1", channel: "trades", kind: "revert", data: [{ txHash: "0xa1", block: 7, logIndex: 0 }], meta: { asOf: 2_001 } });
    await waitFor(() => events === 2);
    gw.dropAll();
    await waitFor(() => subs().length === 2, 3000, "resubscribe");
    expect(subs()[1]).toMatchObject({ id: "s1", sinceAt: 2_000, after: { txHash: "0xa2", block: 7, logIndex: 1 } });
  });

  it("keeps retrying while the gateway refuses, then recovers", async () => {
    connect();
    client.subscribe("pulse", { view: "new", chains: ["solana"] }, { onEvent: () => {} });
    await waitFor(() => subs().length === 1);
    gw.refuse(true);
    gw.dropAll();
    await waitFor(() => client.connection().attempt >= 3, 3000, "several attempts");
    expect(client.connection().status).toBe("reconnecting");
    gw.refuse(false);
    await waitFor(() => client.connection().status === "live" && subs().length === 2, 3000, "recovery");
  });

  it("passes a resync for an id to its subscribers", async () => {
    connect();
    const resync = vi.fn();
    client.subscribe("ohlcv", { ...trades, interval: "1m" }, { onEvent: () => {}, onResync: resync });
    await waitFor(() => subs().length === 1);
    gw.broadcast({ type: "resync", ids: ["s1", "s7"], reason: "upstream restored" });
    await waitFor(() => resync.mock.calls.length === 1);
    expect(resync).toHaveBeenCalledWith("upstream restored");
  });

  it("reports how each subscription is served: the ack's mode, then every mode frame naming its id", async () => {
    connect();
    const modes = vi.fn();
    client.subscribe("trades", trades, { onEvent: () => {}, onMode: modes });
    await waitFor(() => subs().length === 1);
    gw.broadcast({ type: "subscribed", id: "s1", channel: "trades", params: trades, mode: "poll", delayMs: 2_400 });
    await waitFor(() => modes.mock.calls.length === 1);
    gw.broadcast({ type: "mode", ids: ["s9", "s1"], mode: "stream" });
    await waitFor(() => modes.mock.calls.length === 2);
    gw.broadcast({ type: "mode", ids: ["s9"], mode: "poll", delayMs: 1 });
    gw.broadcast({ type: "mode", ids: ["s1"], mode: "warp" }); // malformed: ignored
    gw.broadcast({ type: "mode", ids: ["s1"], mode: "poll", delayMs: 5_000 });
    await waitFor(() => modes.mock.calls.length === 3);
    expect(modes.mock.calls.map((c) => c[0])).toEqual([
      { mode: "poll", delayMs: 2_400 },
      { mode: "stream", delayMs: null },
      { mode: "poll", delayMs: 5_000 },
    ]);
  });

  it("surfaces a per-subscription error to current and later subscribers", async () => {
    connect();
    const errs: StreamSubscriptionError[] = [];
    client.subscribe("trades", trades, { onEvent: () => {}, onError: (e) => errs.push(e) });
    await waitFor(() => subs().length === 1);
    gw.broadcast({ type: "error", id: "s1", code: "limit_tracked", message: "too many tokens", limit: 50 });
    await waitFor(() => errs.length === 1);
    expect(errs[0]).toEqual({ code: "limit_tracked", message: "too many tokens", limit: 50 });
    client.subscribe("trades", trades, { onEvent: () => {}, onError: (e) => errs.push(e) });
    await waitFor(() => errs.length === 2);
  });

  it("retries a subscription the gateway could not place for now (rate_limited, upstream_unavailable)", async () => {
    connect();
    const errs: StreamSubscriptionError[] = [];
    client.subscribe("trades", trades, { onEvent: () => {}, onError: (e) => errs.push(e) });
    await waitFor(() => subs().length === 1);
    gw.broadcast({
      type: "error",
      id: "s1",
      code: "upstream_unavailable",
      message: "the market stream is unavailable",
    });
    await waitFor(() => subs().length === 2, 3000, "retry");
    expect(subs()[1]).toMatchObject({ id: "s1", channel: "trades" });
    await waitFor(() => client.subscriptions().get(`trades?address=${TOKEN}&chain=evm:8453`)?.state === "active");
    gw.broadcast({ type: "error", id: "s1", code: "limit_tracked", message: "no", limit: 50 });
    await new Promise((r) => setTimeout(r, 60));
    expect(subs()).toHaveLength(2); // a limit is not retried on its own
  });

  it("rejects invalid params locally with a machine-readable code", async () => {
    connect();
    const onError = vi.fn();
    client.subscribe("trades", { chain: "nope", address: "x" }, { onEvent: () => {}, onError });
    await waitFor(() => onError.mock.calls.length === 1);
    expect(onError.mock.calls[0][0].code).toBe("invalid_params");
    expect(client.subscriptions().size).toBe(0);
  });

  it("reports offline and reconnects when the browser comes back online", async () => {
    connect();
    client.subscribe("pulse", { view: "new", chains: ["solana"] }, { onEvent: () => {} });
    await waitFor(() => client.connection().status === "live");
    online.set(false);
    expect(client.connection().status).toBe("offline");
    online.set(true);
    await waitFor(() => client.connection().status === "live" && subs().length === 2, 3000, "back online");
  });

  it("answers pings and measures latency", async () => {
    connect({ heartbeatMs: 20 });
    await waitFor(() => client.connection().latencyMs !== null, 3000, "pong");
    expect(gw.received.some((f) => f.type === "ping")).toBe(true);
  });
});
