import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CLOSE_CODES, MAX_FRAME_BYTES, STREAM_LIMITS } from "@/lib/api";
import { BASE, harnessPerTest, KEY, KEY2, POOL_A, POOL_B, TestClient, TOKEN, until } from "./testing/harness";

const serverFrameSchemaLoose = z.looseObject({ type: z.string(), code: z.string() });

const h = harnessPerTest();

describe("auth (§6.1: the first frame authenticates)", () => {
  it("accepts a valid key, announces the limits and answers pings", async () => {
    const c = await h.open();
    c.send({ type: "auth", key: KEY });
    expect(await c.next()).toEqual({ type: "authed", limits: { ...STREAM_LIMITS } });
    c.send({ type: "ping", t: 42 });
    expect(await c.next()).toEqual({ type: "pong", t: 42 });
  });

  it.each([
    ["a subscribe first", { type: "subscribe", id: "a", channel: "trades", params: {} }, "auth_required"],
    ["a ping first", { type: "ping" }, "auth_required"],
    ["not JSON", "hello", "auth_required"],
    ["a wrong key", { type: "auth", key: "nope" }, "auth_failed"],
    ["an auth frame with extra fields", { type: "auth", key: KEY, extra: 1 }, "auth_required"],
  ])("answers %s with an error frame and close 4001", async (_name, frame, code) => {
    const c = await h.open();
    c.send(frame);
    const err = await c.next();
    expect(serverFrameSchemaLoose.parse(err)).toMatchObject({ type: "error", code });
    expect((await c.closed).code).toBe(CLOSE_CODES.authFailed);
  });

  it("closes a socket that does not authenticate within 10 s", async () => {
    const c = await h.open();
    await until(() => h.server.stats().pending === 1);
    h.timers.advance(9_999);
    expect(c.frames).toEqual([]);
    h.timers.advance(1);
    expect(await c.next()).toMatchObject({ type: "error", code: "auth_required" });
    expect((await c.closed).code).toBe(CLOSE_CODES.authFailed);
  });

  it("refuses an oversized first frame", async () => {
    const c = await h.open();
    c.send({ type: "auth", key: "x".repeat(MAX_FRAME_BYTES) });
    expect(await c.next()).toMatchObject({ type: "error", code: "frame_too_large" });
    expect((await c.closed).code).toBe(CLOSE_CODES.authFailed);
  });

  it("refuses upgrades on other paths", async () => {
    await expect(TestClient.open(h.url.replace("/v1/stream", "/v1/other"))).rejects.toThrow("HTTP 404");
  });
});

describe("frames after auth: errors keep the connection up", () => {
  it("answers bad JSON, bad shapes, oversized frames and a second auth with error frames", async () => {
    const c = await h.connect();
    c.send("{not json");
    expect(await c.next()).toMatchObject({ type: "error", code: "invalid_frame" });
    c.send({ type: "subscribe", id: "s1", channel: "trades" });
    expect(await c.next()).toMatchObject({ type: "error", code: "invalid_frame" });
    c.send({ type: "subscribe", id: "s1", channel: "trades", params: {}, bogus: true });
    expect(await c.next()).toMatchObject({ type: "error", id: "s1", code: "invalid_frame" });
    c.send({ type: "dance" });
    expect(await c.next()).toMatchObject({ type: "error", code: "invalid_frame" });
    c.send({ type: "ping", pad: "x".repeat(MAX_FRAME_BYTES) });
    expect(await c.next()).toMatchObject({ type: "error", code: "frame_too_large", limit: MAX_FRAME_BYTES });
    c.send({ type: "auth", key: KEY });
    expect(await c.next()).toMatchObject({ type: "error", code: "invalid_frame" });
    await c.barrier();
    expect(h.server.stats().connections).toBe(1);
  });

  it("rate-limits a flood of client frames with rate_limited errors", async () => {
    const c = await h.connect();
    for (let i = 0; i < 130; i++) c.send({ type: "ping", t: i });
    const limited = await c.next((f) => f.type === "error" && f.code === "rate_limited");
    expect(limited.message).toMatch(/frames per second/);
    h.timers.advance(10_000); // budget refills with time
    await c.barrier();
  });
});

describe("subscriptions (§6.2: additive, acknowledged, removable by id)", () => {
  it("acknowledges with normalized params", async () => {
    const c = await h.connect();
    const ack = await h.subscribe(c, "c1", "ohlcv", {
      chain: BASE,
      address: TOKEN.toUpperCase().replace("0X", "0x"),
      interval: "1m",
    });
    expect(ack).toEqual({
      type: "subscribed",
      id: "c1",
      channel: "ohlcv",
      params: { chain: BASE, address: TOKEN, interval: "1m", quote: "native" },
    });
  });

  it("adds subscriptions without replacing earlier ones and removes one by id", async () => {
    const c = await h.connect();
    await h.subscribe(c, "all", "trades", { chain: BASE, address: TOKEN });
    await h.subscribe(c, "onlyA", "trades", { chain: BASE, address: TOKEN, pools: [POOL_A] });
    h.feed.trade(BASE, TOKEN, { pool: POOL_A });
    h.feed.trade(BASE, TOKEN, { pool: POOL_B });
    await c.barrier();
    expect(c.take("all").flatMap((f) => f.data as unknown[])).toHaveLength(2);
    expect(c.take("onlyA").flatMap((f) => f.data as unknown[])).toHaveLength(1);
    c.send({ type: "unsubscribe", id: "all" });
    expect(await c.next()).toEqual({ type: "unsubscribed", id: "all" });
    h.feed.trade(BASE, TOKEN, { pool: POOL_A });
    await c.barrier();
    expect(c.take("all")).toEqual([]);
    expect(c.take("onlyA")).toHaveLength(1);
  });

  it.each([
    ["an unknown channel", "news", { chain: BASE, address: TOKEN }, "unknown_channel"],
    // §6 has no wallet channel: the gateway's poll-only wallet-trades is not this service's, valid params or not
    ["the gateway's poll-only wallet channel", "wallet-trades", { chain: BASE, wallet: `0x${"e".repeat(40)}` }, "unknown_channel"],
    ["a bad interval", "ohlcv", { chain: BASE, address: TOKEN, interval: "7m" }, "invalid_params"],
    ["quote=usd off Solana", "ohlcv", { chain: BASE, address: TOKEN, interval: "1m", quote: "usd" }, "invalid_params"],
    ["an unknown param", "trades", { chain: BASE, address: TOKEN, limit: 5 }, "invalid_params"],
    ["a bad chain", "trades", { chain: "base", address: TOKEN }, "invalid_params"],
    [
      "a Solana address on an EVM chain",
      "trades",
      { chain: BASE, address: "So11111111111111111111111111111111111111112" },
      "invalid_params",
    ],
    [
      "a pool of another token",
      "trades",
      { chain: BASE, address: TOKEN, pools: [`0x${"c".repeat(40)}`] },
      "invalid_params",
    ],
    ["an unknown token", "token-updates", { chain: BASE, address: `0x${"d".repeat(40)}` }, "token_not_found"],
    ["a chain the market does not serve", "trades", { chain: "evm:999999", address: TOKEN }, "unknown_chain"],
    ["an unserved pulse chain", "pulse", { view: "new", chains: ["solana", "evm:999999"] }, "unknown_chain"],
    [
      "too many pulse chains",
      "pulse",
      {
        view: "new",
        chains: ["solana", "evm:1", "evm:56", "evm:8453", "evm:10", "evm:137", "evm:130", "evm:146", "evm:999"],
      },
      "invalid_params",
    ],
  ])("answers %s with an error for that id and stays up", async (_name, channel, params, code) => {
    const c = await h.connect();
    const err = await h.subscribe(c, "bad", channel, params);
    expect(err).toMatchObject({ type: "error", id: "bad", code });
    expect(await h.subscribe(c, "good", "trades", { chain: BASE, address: TOKEN })).toMatchObject({
      type: "subscribed",
      id: "good",
    });
  });

  it("answers a duplicate id and an unknown id", async () => {
    const c = await h.connect();
    await h.subscribe(c, "x", "trades", { chain: BASE, address: TOKEN });
    expect(await h.subscribe(c, "x", "token-updates", { chain: BASE, address: TOKEN })).toMatchObject({
      type: "error",
      id: "x",
      code: "duplicate_id",
    });
    c.send({ type: "unsubscribe", id: "y" });
    expect(await c.next()).toMatchObject({ type: "error", id: "y", code: "unknown_id" });
    expect(h.server.stats().subscriptions).toBe(1);
  });
});

describe("limits per key (§8)", () => {
  it("refuses the 21st subscription on a connection with limit 20", async () => {
    const c = await h.connect();
    for (let i = 0; i < 20; i++)
      expect((await h.subscribe(c, `s${i}`, "trades", { chain: BASE, address: TOKEN })).type).toBe("subscribed");
    expect(await h.subscribe(c, "s20", "trades", { chain: BASE, address: TOKEN })).toMatchObject({
      type: "error",
      id: "s20",
      code: "limit_subscriptions",
      limit: 20,
    });
    c.send({ type: "unsubscribe", id: "s0" });
    await c.next((f) => f.type === "unsubscribed");
    expect((await h.subscribe(c, "s20", "trades", { chain: BASE, address: TOKEN })).type).toBe("subscribed");
  });

  it("refuses the 6th concurrent connection of a key with close 4008, not other keys", async () => {
    const five = await Promise.all([1, 2, 3, 4, 5].map(() => h.connect()));
    const sixth = await h.open();
    sixth.send({ type: "auth", key: KEY });
    expect(await sixth.next()).toMatchObject({ type: "error", code: "limit_connections", limit: 5 });
    expect((await sixth.closed).code).toBe(CLOSE_CODES.limitConnections);
    await h.connect(KEY2);
    await five[0].close();
    await until(() => h.server.stats().connections === 5);
    await h.connect(KEY);
  });

  it("counts tracked tokens and pools across the key's connections, at most 50", async () => {
    const a = await h.connect();
    const b = await h.connect();
    const pools: string[] = [];
    for (let i = 0; i < 60; i++) pools.push(`0x${i.toString(16).padStart(40, "e")}`);
    h.feed.addToken(BASE, TOKEN.replace("0x1", "0x2"), pools);
    const other = TOKEN.replace("0x1", "0x2");
    expect(
      (await h.subscribe(a, "p1", "trades", { chain: BASE, address: other, pools: pools.slice(0, 30) })).type,
    ).toBe("subscribed");
    expect(
      (await h.subscribe(a, "p1b", "ohlcv", { chain: BASE, address: other, pools: pools.slice(0, 30), interval: "1s" }))
        .type,
    ).toBe("subscribed");
    expect(
      (await h.subscribe(b, "p2", "trades", { chain: BASE, address: other, pools: pools.slice(30, 49) })).type,
    ).toBe("subscribed");
    expect(
      await h.subscribe(b, "p3", "trades", { chain: BASE, address: other, pools: pools.slice(49, 51) }),
    ).toMatchObject({
      type: "error",
      id: "p3",
      code: "limit_tracked",
      limit: 50,
    });
    expect((await h.subscribe(b, "tok", "token-updates", { chain: BASE, address: TOKEN })).type).toBe("subscribed"); // the 50th
    expect(await h.subscribe(b, "tok2", "trades", { chain: BASE, address: other })).toMatchObject({
      code: "limit_tracked",
    });
    expect((await h.subscribe(b, "pulse", "pulse", { view: "new", chains: ["solana"] })).type).toBe("subscribed"); // pulse tracks none
    await a.close();
    await until(() => h.server.stats().connections === 1);
    expect(
      (await h.subscribe(b, "p3", "trades", { chain: BASE, address: other, pools: pools.slice(49, 51) })).type,
    ).toBe("subscribed");
  });
});

describe("stream credits (§8: 1 per connection-minute)", () => {
  it("charges each started minute to the key's ledger and stops at close", async () => {
    const c = await h.connect();
    expect(h.ledger.spent(KEY)).toBe(1);
    h.timers.advance(59_999);
    expect(h.ledger.spent(KEY)).toBe(1);
    h.timers.advance(1);
    expect(h.ledger.spent(KEY)).toBe(2);
    h.timers.advance(60_000 * 3);
    expect(h.ledger.spent(KEY)).toBe(5);
    expect(h.ledger.log.every((l) => l.endpoint === "stream" && l.credits === 1)).toBe(true);
    await c.close();
    await until(() => h.server.stats().connections === 0);
    h.timers.advance(60_000 * 5);
    expect(h.ledger.spent(KEY)).toBe(5);
  });

  it("charges nothing for a connection that never authenticates", async () => {
    const c = await h.open();
    c.send({ type: "auth", key: "bad" });
    await c.closed;
    expect(h.ledger.log).toEqual([]);
  });
});

describe("heartbeat", () => {
  it("cuts off a peer that stops answering pings, keeps one that talks", async () => {
    await h.restart({ heartbeatMs: 30_000 });
    const live = await h.connect();
    const dead = await h.connect();
    (dead.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    h.timers.advance(30_000);
    await live.barrier();
    h.timers.advance(30_000);
    await until(() => h.server.stats().connections === 1);
    await live.barrier();
  });
});

describe("server lifecycle", () => {
  it("closes open sockets with 1001 on shutdown and refuses new ones", async () => {
    const c = await h.connect();
    await h.subscribe(c, "t", "trades", { chain: BASE, address: TOKEN });
    await h.server.close();
    expect((await c.closed).code).toBe(CLOSE_CODES.shuttingDown);
    await expect(TestClient.open(h.url)).rejects.toThrow("HTTP 503");
  });

  it("refuses upgrades past the cap of sockets still waiting to authenticate", async () => {
    await h.restart({ maxPendingConnections: 2 });
    await h.open();
    await h.open();
    await until(() => h.server.stats().pending === 2);
    await expect(TestClient.open(h.url)).rejects.toThrow("HTTP 503");
    const authed = await h.connect().catch((e: Error) => e);
    expect(authed).toBeInstanceOf(Error); // still full: the two are pending
    h.timers.advance(10_000); // their auth deadline passes
    await until(() => h.server.stats().pending === 0);
    await h.connect();
  });
});
