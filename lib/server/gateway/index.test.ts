import { afterEach, describe, expect, it } from "vitest";
import { authedFrameSchema, CLOSE_CODES, MAX_FRAME_BYTES } from "@/lib/api";
import { type Harness, startHarness, until } from "./test-harness";
import { tradesParams } from "./test-harness-keys";

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

  it("closes browsers with 1001 on shutdown", async () => {
    h = await startHarness();
    const b = await h.browser();
    await h.gw.close();
    await until(() => b.closed !== null, "close");
    expect(b.closed?.code).toBe(CLOSE_CODES.shuttingDown);
  });
});
