import { afterEach, describe, expect, it } from "vitest";
import { authedFrameSchema, CLOSE_CODES, MAX_FRAME_BYTES } from "@/lib/api";
import { type Harness, type TestBrowser, startHarness, until } from "./testing/harness";
import { ohlcvParams, pulseParams, tradesParams } from "./testing/harness-keys";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe("stream gateway: browser protocol", () => {
  it("greets a browser with authed at once, without asking for a key", async () => {
    h = await startHarness();
    const b = await h.browser();
    expect(authedFrameSchema.parse(b.frames[0])).toEqual({ type: "authed", limits: { connections: 1, subscriptionsPerConnection: 500, trackedTokens: 50 } });
    b.send({ type: "auth", key: "whatever" });
    b.send({ type: "ping", t: 42 });
    await b.waitFor((f) => f.type === "pong");
    expect(b.of("authed")).toHaveLength(2);
    expect(b.of("pong")[0]).toEqual({ type: "pong", t: 42 });
    expect(JSON.stringify(b.frames)).not.toContain(h.up.key);
  });

  it("closes a foreign origin with origin_forbidden, accepts same host and allowed origins", async () => {
    h = await startHarness({ gateway: { allowedOrigins: ["https://ok.example.com"] } });
    const evil = await h.browser({ origin: "https://evil.example.com" });
    await until(() => evil.closed !== null, "close");
    expect(evil.frames[0]).toMatchObject({ type: "error", code: "origin_forbidden" });
    expect(evil.closed?.code).toBe(CLOSE_CODES.originForbidden);
    const ok = await h.browser({ origin: "https://ok.example.com" });
    expect(ok.frames[0]?.type).toBe("authed");
    const same = await h.browser({ origin: `http://${new URL(h.url).host}` });
    expect(same.frames[0]?.type).toBe("authed");
    expect(h.gw.stats().originRejected).toBe(1);
  });

  it("answers every bad frame with an error code and keeps the connection", async () => {
    h = await startHarness();
    const b = await h.browser();
    b.send("not json");
    b.send({ type: "subscribe", id: "a b", channel: "trades", params: {} });
    b.send({ type: "subscribe", id: "x1", channel: "nope", params: {} });
    b.send({ type: "subscribe", id: "x2", channel: "trades", params: { chain: "evm:8453" } });
    b.send({ type: "unsubscribe", id: "never" });
    b.send({ type: "subscribe", id: "big", channel: "trades", params: { pad: "x".repeat(MAX_FRAME_BYTES) } });
    b.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    b.send({ type: "ping" });
    await b.waitFor((f) => f.type === "pong");
    expect(b.of("error").map((f) => [f.code, f.id ?? null])).toEqual([
      ["invalid_frame", null],
      ["invalid_frame", null],
      ["unknown_channel", "x1"],
      ["invalid_params", "x2"],
      ["unknown_id", "never"],
      ["frame_too_large", null],
      ["invalid_frame", null],
    ]);
    expect(b.closed).toBeNull();
  });

  it("rejects a duplicate id, and more subscriptions on one connection than a browser can use", async () => {
    h = await startHarness({ gateway: { browser: { maxSubscriptions: 3 } } });
    const b = await h.browser();
    for (let i = 0; i < 4; i++) b.subscribe(`s${i}`, "trades", tradesParams(i));
    b.subscribe("s0", "trades", tradesParams(0));
    await b.waitFor((f) => f.type === "error" && f.code === "duplicate_id");
    expect(b.of("error", "s3")[0]).toMatchObject({ code: "limit_subscriptions", limit: 3 });
    await until(() => b.of("subscribed").length === 3, "3 acks");
    expect(b.closed).toBeNull();
  });

  it("announces 500 subscriptions a connection by default: every tab of a browser fits on one socket", async () => {
    h = await startHarness();
    const b = await h.browser();
    expect(b.frames[0]).toMatchObject({ type: "authed", limits: { subscriptionsPerConnection: 500 } });
  });

  it("limits how fast a browser subscribes", async () => {
    h = await startHarness({ gateway: { browser: { subscribeBurst: 3, subscribeRatePerSec: 1 } } });
    const b = await h.browser();
    for (let i = 0; i < 5; i++) b.subscribe(`s${i}`, "trades", tradesParams(i));
    await until(() => b.of("error").length === 2 && b.of("subscribed").length === 3, "3 acks and 2 refusals");
    expect(b.of("error").map((f) => [f.id, f.code])).toEqual([["s3", "rate_limited"], ["s4", "rate_limited"]]);
    h.clock.advance(1_000);
    b.subscribe("s3", "trades", tradesParams(3));
    await b.waitFor((f) => f.type === "subscribed" && f.id === "s3");
  });

  it("answers a flood of frames past the per-connection rate with one rate_limited, and keeps the connection", async () => {
    h = await startHarness({ gateway: { browser: { frameBurst: 5, frameRatePerSec: 1 } } });
    const b = await h.browser();
    for (let i = 0; i < 12; i++) b.send({ type: "ping", t: i });
    await b.waitFor((f) => f.type === "error" && f.code === "rate_limited");
    await until(() => b.of("pong").length === 5, "5 pongs");
    expect(b.of("error")).toHaveLength(1);
    h.clock.advance(1_000);
    b.send({ type: "ping", t: 99 });
    await b.waitFor((f) => f.type === "pong" && f.t === 99);
    expect(b.closed).toBeNull();
  });

  describe("per client address", () => {
    // Each test browser names its address in a header; the gateway is told to read it there.
    const fromIp = (req: { headers: Record<string, unknown> }) => String(req.headers["x-test-ip"]);
    const perIp = (connections: number) => startHarness({ gateway: { clientIp: fromIp, perIp: { connections, exemptLoopback: false } } });

    it("closes a connection past the abuse ceiling per address with limit_ip_connections, others unaffected", async () => {
      h = await perIp(2);
      await h.browser({ "x-test-ip": "203.0.113.5" });
      const second = await h.browser({ "x-test-ip": "203.0.113.5" });
      const third = await h.browser({ "x-test-ip": "203.0.113.5" });
      await until(() => third.closed !== null, "close");
      expect(third.frames[0]).toMatchObject({ type: "error", code: "limit_ip_connections" });
      expect(third.closed?.code).toBe(CLOSE_CODES.limitConnections);
      expect((await h.browser({ "x-test-ip": "198.51.100.1" })).frames[0]?.type).toBe("authed");
      second.close();
      await until(() => h?.gw.stats().browserConnections === 2, "one left");
      expect((await h.browser({ "x-test-ip": "203.0.113.5" })).frames[0]?.type).toBe("authed");
    });

    it("never refuses a view for the address's share: 40 tabs of one address over 40 tokens are all acknowledged", async () => {
      h = await perIp(2_000);
      const origin = `http://${new URL(h.url).host}`;
      const tabs = await Promise.all(Array.from({ length: 40 }, () => h?.browser({ "x-test-ip": "203.0.113.5", origin }) as Promise<TestBrowser>));
      tabs.forEach((t, i) => {
        t.subscribe(`t${i}`, "trades", tradesParams(i));
        t.subscribe(`c${i}`, "ohlcv", ohlcvParams(i));
        t.subscribe(`p${i}`, "pulse", pulseParams);
      });
      await until(() => tabs.every((t) => t.of("subscribed").length === 3), "120 acks");
      expect(tabs.flatMap((t) => t.of("error"))).toEqual([]);
      expect(tabs.every((t) => t.closed === null)).toBe(true);
    });
  });

  it("closes browsers with 1001 on shutdown", async () => {
    h = await startHarness();
    const b = await h.browser();
    await h.gw.close();
    await until(() => b.closed !== null, "close");
    expect(b.closed?.code).toBe(CLOSE_CODES.shuttingDown);
  });
});
