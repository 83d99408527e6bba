import { afterEach, describe, expect, it } from "vitest";
import { candle, EVM_TOKEN, pulseToken, tokenUpdate, trade } from "./testing/fixtures";
import { type Harness, startHarness, until } from "./testing/harness";
import { keyOf, ohlcvParams, pulseParams, tradesParams } from "./testing/harness-keys";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe("stream gateway: sharing the key's upstream budget", () => {
  it("two browsers with the same subscription share one upstream subscription, each under its own id", async () => {
    h = await startHarness();
    const a = await h.browser();
    const b = await h.browser();
    a.subscribe("mine", "trades", tradesParams(1));
    b.subscribe("yours", "trades", { chain: "evm:8453", address: EVM_TOKEN(1).toUpperCase().replace("0X", "0x") });
    await a.waitFor((f) => f.type === "subscribed" && f.id === "mine");
    await b.waitFor((f) => f.type === "subscribed" && f.id === "yours");
    expect(h.up.subscriptions()).toHaveLength(1);
    expect(h.up.connections()).toBe(1);
    h.up.emit(keyOf("trades", tradesParams(1)), { kind: "trades", data: [trade(1, 1000)], meta: { asOf: 1000 } });
    const ea = await a.waitFor((f) => f.type === "event");
    const eb = await b.waitFor((f) => f.type === "event");
    expect(ea).toEqual({ type: "event", id: "mine", channel: "trades", kind: "trades", data: [trade(1, 1000)], meta: { asOf: 1000 } });
    expect(eb.id).toBe("yours");
    expect(h.gw.stats()).toMatchObject({ upstreamSubscriptions: 1, upstreamConnections: 1, browserConnections: 2, browserSubscriptions: 2, trackedTokens: 1 });
  });

  it("packs 25 distinct subscriptions onto 2 upstream connections", async () => {
    h = await startHarness();
    const a = await h.browser();
    const b = await h.browser();
    for (let i = 0; i < 20; i++) a.subscribe(`t${i}`, "trades", tradesParams(i));
    for (let i = 20; i < 25; i++) b.subscribe(`t${i}`, "trades", tradesParams(i));
    await until(() => a.of("subscribed").length === 20 && b.of("subscribed").length === 5, "25 acks");
    expect(h.up.connections()).toBe(2);
    const perConn = new Map<number, number>();
    for (const s of h.up.subscriptions()) perConn.set(s.conn, (perConn.get(s.conn) ?? 0) + 1);
    expect([...perConn.values()].sort()).toEqual([20, 5]);
  });

  it("places a new subscription on a working connection, not on one backing off after a loss", async () => {
    const warnings: string[] = [];
    h = await startHarness({ gateway: { log: { warn: (m: unknown) => void warnings.push(String(m)) } } });
    h.up.refuse(true);
    const a = await h.browser();
    a.subscribe("a", "trades", tradesParams(1));
    await until(() => warnings.some((w) => w.includes("lost")), "the first connection is lost");
    h.up.refuse(false);
    // The clock stands still: the lost connection's retry is not due, so only a new connection can carry "b".
    a.subscribe("b", "trades", tradesParams(2));
    await a.waitFor((f) => f.type === "subscribed" && f.id === "b");
    expect(a.of("subscribed", "a")).toHaveLength(0);
    expect(h.gw.stats().upstreamConnections).toBe(2);
    h.clock.advance(1_000);
    await a.waitFor((f) => f.type === "subscribed" && f.id === "a");
  });

  it("refuses the 51st tracked token with limit_tracked and limit 50", async () => {
    h = await startHarness();
    const browsers = await Promise.all([0, 1, 2].map(() => h?.browser()));
    for (let i = 0; i < 51; i++) {
      const br = browsers[Math.floor(i / 20)];
      br?.subscribe(`t${i}`, "trades", tradesParams(i));
      if (i % 20 === 19) await until(() => br?.of("subscribed").length === 20, "a browser's 20 acks"); // keep the order
    }
    const c = browsers[2];
    const err = await c?.waitFor((f) => f.type === "error" && f.id === "t50");
    expect(err).toMatchObject({ code: "limit_tracked", limit: 50 });
    await until(() => h?.up.subscriptions().length === 50, "50 upstream subscriptions");
    // Another interval on an already tracked token costs no tracked slot.
    c?.subscribe("candles", "ohlcv", ohlcvParams(3));
    await c?.waitFor((f) => f.type === "subscribed" && f.id === "candles");
    // A subscription whose browsers left (in its grace period) gives its slot up to a newcomer.
    browsers[0]?.send({ type: "unsubscribe", id: "t0" });
    await browsers[0]?.waitFor((f) => f.type === "unsubscribed");
    c?.subscribe("t50b", "trades", tradesParams(50));
    await c?.waitFor((f) => f.type === "subscribed" && f.id === "t50b");
    expect(h.gw.stats().trackedTokens).toBe(50);
  });

  it("releases the upstream subscription a grace period after the last browser leaves, then closes the idle connection", async () => {
    h = await startHarness({ gateway: { releaseGraceMs: 10_000, idleCloseMs: 30_000 } });
    const a = await h.browser();
    const b = await h.browser();
    a.subscribe("x", "trades", tradesParams(1));
    b.subscribe("y", "trades", tradesParams(1));
    await until(() => a.of("subscribed").length === 1 && b.of("subscribed").length === 1, "acks");
    a.send({ type: "unsubscribe", id: "x" });
    await a.waitFor((f) => f.type === "unsubscribed");
    h.clock.advance(60_000);
    expect(h.up.subscriptions()).toHaveLength(1); // b still there
    b.close();
    await until(() => h?.gw.stats().browserConnections === 1, "b gone");
    h.clock.advance(9_999);
    expect(h.up.log.filter((l) => l.type === "unsubscribe")).toHaveLength(0);
    h.clock.advance(1);
    await until(() => h?.up.log.some((l) => l.type === "unsubscribe") ?? false, "upstream unsubscribe");
    expect(h.up.connections()).toBe(1);
    h.clock.advance(30_000);
    await until(() => h?.up.connections() === 0, "idle connection closed");
    expect(h.gw.stats()).toMatchObject({ upstreamConnections: 0, upstreamSubscriptions: 0, trackedTokens: 0 });
  });

  it("a browser rejoining within the grace period reuses the upstream subscription", async () => {
    h = await startHarness();
    const a = await h.browser();
    a.subscribe("x", "trades", tradesParams(1));
    await a.waitFor((f) => f.type === "subscribed");
    a.close();
    await until(() => h?.gw.stats().browserConnections === 0, "a gone");
    h.clock.advance(5_000);
    const b = await h.browser();
    b.subscribe("x", "trades", tradesParams(1));
    await b.waitFor((f) => f.type === "subscribed");
    h.clock.advance(60_000);
    expect(h.up.log.map((l) => l.type)).toEqual(["subscribe"]);
  });

  it("gives a late joiner the pulse snapshot with deltas applied, the forming candles and the latest token update", async () => {
    h = await startHarness();
    const first = await h.browser();
    first.subscribe("p", "pulse", pulseParams);
    first.subscribe("c", "ohlcv", ohlcvParams(1));
    first.subscribe("u", "token-updates", tradesParams(1));
    await until(() => first.of("subscribed").length === 3, "acks");
    const meta = { asOf: 5, view: "new" };
    const pk = keyOf("pulse", pulseParams);
    h.up.emit(pk, { kind: "snapshot", data: [pulseToken(1), pulseToken(2)], meta });
    h.up.emit(pk, { kind: "enter", data: pulseToken(3), meta });
    h.up.emit(pk, { kind: "leave", data: { chain: "evm:8453", address: pulseToken(1).address }, meta });
    h.up.emit(pk, { kind: "update", data: pulseToken(2, 9), meta });
    const ck = keyOf("ohlcv", ohlcvParams(1));
    const cmeta = { asOf: 6, interval: "1m", quote: "native" };
    h.up.emit(ck, { kind: "candle", data: [candle(60, 1)], meta: cmeta });
    h.up.emit(ck, { kind: "candle", data: [candle(60, 2), candle(120, 3)], meta: cmeta });
    h.up.emit(ck, { kind: "candle", data: [candle(120, 4)], meta: cmeta });
    const uk = keyOf("token-updates", tradesParams(1));
    h.up.emit(uk, { kind: "update", data: tokenUpdate(EVM_TOKEN(1), 1, 1), meta: { asOf: 1 } });
    h.up.emit(uk, { kind: "update", data: tokenUpdate(EVM_TOKEN(1), 2, 2), meta: { asOf: 2 } });
    await until(() => first.of("event").length === 9, "first browser's 9 events");

    const late = await h.browser();
    late.subscribe("lp", "pulse", pulseParams);
    late.subscribe("lc", "ohlcv", ohlcvParams(1));
    late.subscribe("lu", "token-updates", tradesParams(1));
    await until(() => late.of("event").length === 3, "late joiner state");
    const [p, c, u] = ["lp", "lc", "lu"].map((id) => late.of("event", id)[0]);
    expect(p).toMatchObject({ kind: "snapshot", meta });
    expect(((p?.data ?? []) as { symbol: string; priceUsd: number }[]).map((t) => [t.symbol, t.priceUsd])).toEqual([["T3", 1], ["T2", 9]]);
    expect(c).toMatchObject({ kind: "candle", data: [candle(60, 2), candle(120, 4)], meta: cmeta });
    expect(u).toMatchObject({ kind: "update", data: tokenUpdate(EVM_TOKEN(1), 2, 2) });
    expect(h.up.subscriptions()).toHaveLength(3);
  });

  it("replays buffered trades to a browser subscribing with sinceAt", async () => {
    h = await startHarness();
    const a = await h.browser();
    a.subscribe("t", "trades", tradesParams(1));
    await a.waitFor((f) => f.type === "subscribed");
    const k = keyOf("trades", tradesParams(1));
    h.up.emit(k, { kind: "trades", data: [trade(1, 1_000), trade(2, 2_000)], meta: { asOf: 2_000 } });
    h.up.emit(k, { kind: "trades", data: [trade(3, 3_000, true)], meta: { asOf: 3_000 } });
    h.up.emit(k, { kind: "revert", data: [{ txHash: trade(3, 0).txHash, block: trade(3, 0).block, logIndex: trade(3, 0).logIndex }], meta: { asOf: 3_001 } });
    h.up.emit(k, { kind: "trades", data: [trade(4, 4_000)], meta: { asOf: 4_000 } });
    await until(() => a.of("event").length === 4, "4 events");
    const b = await h.browser();
    b.subscribe("again", "trades", tradesParams(1), { sinceAt: 2_000 });
    const replay = await b.waitFor((f) => f.type === "event");
    expect((replay.data as { at: number }[]).map((r) => r.at)).toEqual([2_000, 4_000]);
    expect(replay.meta).toMatchObject({ replay: true });
    const i = b.frames.indexOf(replay);
    expect(b.frames[i - 1]).toMatchObject({ type: "subscribed", id: "again" });
    // Resuming after the last row it was forwarded (row 2), a browser gets only what came after: none it had.
    const { txHash, block, logIndex } = trade(2, 0);
    const c = await h.browser();
    c.subscribe("after", "trades", tradesParams(1), { sinceAt: 2_000, after: { txHash, block, logIndex } });
    const resumed = await c.waitFor((f) => f.type === "event");
    expect((resumed.data as { txHash: string }[]).map((r) => r.txHash)).toEqual([trade(4, 0).txHash]);
  });
});

describe("stream gateway: nothing accumulates", () => {
  it("returns to empty after waves of browsers subscribe and leave", async () => {
    h = await startHarness({ gateway: { releaseGraceMs: 1_000, idleCloseMs: 1_000 } });
    for (let wave = 0; wave < 3; wave++) {
      const bs = await Promise.all(Array.from({ length: 20 }, () => h?.browser()));
      bs.forEach((b, i) => {
        b?.subscribe("t", "trades", tradesParams(i % 7));
        b?.subscribe("p", "pulse", pulseParams);
      });
      await until(() => bs.every((b) => b?.of("subscribed").length === 2), "acks");
      h.up.emit(keyOf("trades", tradesParams(1)), { kind: "trades", data: [trade(wave, wave)], meta: { asOf: wave } });
      for (const b of bs) b?.ws.terminate();
      await until(() => h?.gw.stats().browserConnections === 0, "browsers gone");
      h.clock.advance(1_000);
      h.clock.advance(1_000);
      await until(() => h?.up.connections() === 0, "upstream released");
    }
    expect(h.gw.stats()).toMatchObject({ browserConnections: 0, browserSubscriptions: 0, upstreamSubscriptions: 0, upstreamConnections: 0, trackedTokens: 0, queuedBytes: 0 });
    expect(h.clock.pending()).toBe(1); // only the heartbeat is scheduled
  });
});
