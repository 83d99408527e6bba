import { afterEach, describe, expect, it } from "vitest";
import { authedFrameSchema, CLOSE_CODES, MAX_FRAME_BYTES } from "@/lib/api";
import { type Harness, startHarness, until } from "./test-harness";
import { ohlcvParams, pulseParams, tradesParams } from "./test-harness-keys";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe("stream gateway: browser protocol", () => {
  it("greets a browser with authed at once, without asking for a key", async () => {
    h = await startHarness();
    const b = await h.browser();
    expect(authedFrameSchema.parse(b.frames[0])).toEqual({ type: "authed", limits: { connections: 1, subscriptionsPerConnection: 20, trackedTokens: 50 } });
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

  it("rejects a duplicate id and a 21st subscription on one connection", async () => {
    h = await startHarness();
    const b = await h.browser();
    for (let i = 0; i < 21; i++) b.subscribe(`s${i}`, "trades", tradesParams(i));
    b.subscribe("s0", "trades", tradesParams(0));
    await b.waitFor((f) => f.type === "error" && f.code === "duplicate_id");
    expect(b.of("error", "s20")[0]).toMatchObject({ code: "limit_subscriptions", limit: 20 });
    await until(() => b.of("subscribed").length === 20, "20 acks");
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

  describe("per client address", () => {
    // Each test browser names its address in a header; the gateway is told to read it there.
    const fromIp = (req: { headers: Record<string, unknown> }) => String(req.headers["x-test-ip"]);
    const perIp = (connections: number, trackedTokens: number) =>
      startHarness({ gateway: { clientIp: fromIp, perIp: { connections, trackedTokens, exemptLoopback: false } } });

    it("caps browser connections per address with limit_ip_connections", async () => {
      h = await perIp(2, 50);
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

    it("caps distinct tracked tokens per address across its tabs, while a tab keeps several subscriptions", async () => {
      h = await perIp(5, 2);
      const origin = `http://${new URL(h.url).host}`;
      const tab1 = await h.browser({ "x-test-ip": "203.0.113.5", origin });
      const tab2 = await h.browser({ "x-test-ip": "203.0.113.5", origin });
      const other = await h.browser({ "x-test-ip": "198.51.100.1", origin });
      tab1.subscribe("t1", "trades", tradesParams(1));
      tab1.subscribe("c1", "ohlcv", ohlcvParams(1)); // the same token: no new tracked slot
      tab1.subscribe("u1", "token-updates", tradesParams(1));
      tab1.subscribe("p", "pulse", pulseParams); // tracks nothing
      tab2.subscribe("t2", "trades", tradesParams(2));
      await until(() => tab1.of("subscribed").length === 4 && tab2.of("subscribed").length === 1, "acks");
      tab2.subscribe("t3", "trades", tradesParams(3));
      expect(await tab2.waitFor((f) => f.type === "error")).toMatchObject({ id: "t3", code: "limit_ip_tracked", limit: 2 });
      other.subscribe("t3", "trades", tradesParams(3));
      await other.waitFor((f) => f.type === "subscribed");
      tab1.subscribe("t1b", "trades", tradesParams(1));
      await tab1.waitFor((f) => f.type === "subscribed" && f.id === "t1b");
      // A token leaves only when no subscription of the address holds it any more.
      tab2.send({ type: "unsubscribe", id: "t2" });
      await tab2.waitFor((f) => f.type === "unsubscribed");
      tab2.subscribe("t3", "trades", tradesParams(3));
      await tab2.waitFor((f) => f.type === "subscribed" && f.id === "t3");
      tab1.close();
      await until(() => h?.gw.stats().browserConnections === 2, "tab1 gone");
      tab2.subscribe("t4", "trades", tradesParams(4));
      await tab2.waitFor((f) => f.type === "subscribed" && f.id === "t4");
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
