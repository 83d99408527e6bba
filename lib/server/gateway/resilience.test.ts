import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { CLOSE_CODES, STREAM_ERROR_CODES, tradeKey } from "@/lib/api";
import { trade } from "./testing/fixtures";
import { type Harness, startHarness, type TestBrowser, until } from "./testing/harness";
import { keyOf, ohlcvParams, pulseParams, tradesParams } from "./testing/harness-keys";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const rowsOf = (b: TestBrowser, id: string) =>
  b.of("event", id).flatMap((f) => f.data as { txHash: string; block: number; logIndex: number }[]);

/** Advances the virtual clock (backoff timers) until the condition holds. */
async function advanceUntil(hh: Harness, cond: () => boolean, what: string) {
  await until(
    () => {
      if (!cond()) hh.clock.advance(250);
      return cond();
    },
    what,
    5_000,
  );
}

/** Two browsers on the same trades subscription, both acknowledged: one to stall, one to keep reading. */
async function slowAndFast(harness: Harness): Promise<[TestBrowser, TestBrowser]> {
  const slow = await harness.browser();
  const fast = await harness.browser();
  slow.subscribe("t", "trades", tradesParams(1));
  fast.subscribe("t", "trades", tradesParams(1));
  await until(() => slow.of("subscribed").length === 1 && fast.of("subscribed").length === 1, "acks");
  return [slow, fast];
}

describe("stream gateway: upstream loss and slow browsers", () => {
  it("after the upstream is killed, reconnects, resubscribes, sends resync and resumes without duplicates", async () => {
    const sent: ReturnType<typeof trade>[] = [];
    // This upstream repeats its recent rows to every new subscription: the gateway must not pass them on twice.
    h = await startHarness({
      upstream: {
        onSubscribe: (sub, send) =>
          sub.channel === "trades" &&
          send({
            type: "event",
            id: sub.id,
            channel: "trades",
            kind: "trades",
            data: sent.slice(-3),
            meta: { asOf: 1 },
          }),
      },
    });
    const a = await h.browser();
    const b = await h.browser();
    a.subscribe("t", "trades", tradesParams(1));
    a.subscribe("p", "pulse", pulseParams);
    b.subscribe("t2", "trades", tradesParams(1));
    b.subscribe("c", "ohlcv", ohlcvParams(2));
    await until(() => a.of("subscribed").length === 2 && b.of("subscribed").length === 2, "acks");
    const k = keyOf("trades", tradesParams(1));
    for (let i = 0; i < 5; i++) {
      sent.push(trade(i, 1_000 + i));
      h.up.emit(k, { kind: "trades", data: [sent[i]], meta: { asOf: 1_000 + i } });
    }
    await until(() => rowsOf(a, "t").length === 5 && rowsOf(b, "t2").length === 5, "first rows");

    h.up.killAll();
    await until(() => h?.up.connections() === 0, "upstream connections dropped");
    await advanceUntil(h, () => h?.up.subscriptions().length === 3, "resubscribed");
    // One resync per subscription, each as soon as it is acknowledged again.
    await until(() => a.of("resync").length === 2 && b.of("resync").length === 2, "resyncs");
    const resynced = (br: TestBrowser) =>
      br
        .of("resync")
        .flatMap((f) => f.ids as string[])
        .sort();
    expect(resynced(a)).toEqual(["p", "t"]);
    expect(resynced(b)).toEqual(["c", "t2"]);
    expect(a.of("resync")[0]).toMatchObject({ reason: "upstream_reconnected" });
    expect(h.gw.stats()).toMatchObject({ upstreamReconnects: 1, resyncs: 4, upstreamConnections: 1 });

    for (let i = 5; i < 8; i++) {
      sent.push(trade(i, 1_000 + i));
      h.up.emit(k, { kind: "trades", data: [sent[i]], meta: { asOf: 1_000 + i } });
    }
    await until(() => rowsOf(a, "t").length === 8 && rowsOf(b, "t2").length === 8, "rows resume");
    await new Promise((r) => setTimeout(r, 30));
    for (const br of [a, b]) {
      const keys = rowsOf(br, br === a ? "t" : "t2").map(tradeKey);
      expect(new Set(keys).size).toBe(keys.length);
      expect(keys).toEqual(sent.map(tradeKey));
    }
    expect(h.gw.stats().duplicateRows).toBe(3);
    // Nothing is subscribed twice upstream.
    expect(
      h.up
        .subscriptions()
        .map((s) => s.key)
        .sort(),
    ).toEqual([k, keyOf("ohlcv", ohlcvParams(2)), keyOf("pulse", pulseParams)].sort());
  });

  it("resyncs each subscription as it comes back, and answers one never re-acknowledged with upstream_unavailable", async () => {
    const warnings: string[] = [];
    h = await startHarness({
      gateway: { subscribeTimeoutMs: 5_000, log: { warn: (m: unknown) => void warnings.push(String(m)) } },
    });
    const a = await h.browser();
    a.subscribe("t", "trades", tradesParams(1));
    a.subscribe("c", "ohlcv", ohlcvParams(2));
    await until(() => a.of("subscribed").length === 2, "acks");
    const candles = keyOf("ohlcv", ohlcvParams(2));
    h.up.withholdAcks((key) => key === candles);
    h.up.killAll();
    await until(() => warnings.some((w) => w.includes("lost")), "the gateway sees the loss");
    h.clock.advance(1_000); // the first retry (under 250 ms of backoff), and no more: the 5 s timeout stays ahead
    await until(() => h?.up.subscriptions().length === 2, "resubscribed");
    // The trades subscription is back: its browser hears so now, not once every other one is.
    expect(await a.waitFor((f) => f.type === "resync")).toEqual({
      type: "resync",
      ids: ["t"],
      reason: "upstream_reconnected",
    });
    h.clock.advance(5_000);
    expect(await a.waitFor((f) => f.type === "error")).toMatchObject({ id: "c", code: "upstream_unavailable" });
    expect(a.of("resync")).toHaveLength(1);
    await until(
      () => h?.up.log.some((l) => l.type === "unsubscribe" && l.key === candles) ?? false,
      "the dead subscription released upstream",
    );
    // The browser may retry with the same id; the gateway subscribes afresh.
    h.up.withholdAcks(null);
    a.subscribe("c", "ohlcv", ohlcvParams(2));
    await until(() => a.of("subscribed", "c").length === 2, "subscribed again");
  });

  it("answers browsers of a lost subscription when the upstream stays away", async () => {
    const warnings: string[] = [];
    h = await startHarness({
      gateway: { subscribeTimeoutMs: 5_000, log: { warn: (m: unknown) => void warnings.push(String(m)) } },
    });
    const a = await h.browser();
    a.subscribe("t", "trades", tradesParams(1));
    await a.waitFor((f) => f.type === "subscribed");
    h.up.refuse(true);
    h.up.killAll();
    await until(() => warnings.some((w) => w.includes("lost")), "the gateway sees the loss");
    h.clock.advance(5_000);
    expect(await a.waitFor((f) => f.type === "error")).toMatchObject({ id: "t", code: "upstream_unavailable" });
    expect(h.gw.stats()).toMatchObject({ upstreamSubscriptions: 0, browserSubscriptions: 0 });
  });

  it("when the upstream rejects the key, tells browsers upstream_auth at once and stops knocking for a long while", async () => {
    const warnings: string[] = [];
    h = await startHarness({ gateway: { log: { warn: (m: unknown) => void warnings.push(String(m)) } } });
    const a = await h.browser();
    a.subscribe("t", "trades", tradesParams(1));
    await a.waitFor((f) => f.type === "subscribed");
    h.up.rotateKey("a-new-key");
    h.up.killAll();
    await until(() => warnings.some((w) => w.includes("lost")), "the gateway sees the loss");
    h.clock.advance(1_000);
    expect(await a.waitFor((f) => f.type === "error")).toMatchObject({ id: "t", code: "upstream_auth" });
    await until(() => h?.gw.stats().upstreamConnections === 0, "the rejected connection closed");
    expect(h.up.handshakes()).toBe(2);
    // Well past the usual reconnect backoff: no new attempt, and a new subscription is refused without one.
    h.clock.advance(40_000);
    a.subscribe("u", "trades", tradesParams(2));
    expect(await a.waitFor((f) => f.type === "error" && f.id === "u")).toMatchObject({ code: "upstream_auth" });
    expect(h.up.handshakes()).toBe(2);
    expect(h.gw.stats()).toMatchObject({ upstreamAuthRejections: 1, upstreamSubscriptions: 0 });
    // Once the hard backoff has passed (60 s, half random: 45 s here), one attempt is made again.
    h.clock.advance(5_000);
    h.up.rotateKey(h.up.key);
    a.subscribe("v", "trades", tradesParams(3));
    await a.waitFor((f) => f.type === "subscribed" && f.id === "v");
    expect(h.up.handshakes()).toBe(3);
  });

  it("tells a browser waiting on an unavailable upstream, instead of leaving it hanging", async () => {
    h = await startHarness({ gateway: { subscribeTimeoutMs: 5_000 } });
    h.up.refuse(true);
    const a = await h.browser();
    a.subscribe("t", "trades", tradesParams(1));
    await new Promise((r) => setTimeout(r, 50));
    h.clock.advance(5_000);
    const err = await a.waitFor((f) => f.type === "error");
    expect(err).toMatchObject({ id: "t", code: "upstream_unavailable" });
    h.up.refuse(false);
    a.subscribe("t", "trades", tradesParams(1)); // the id is free again
    await advanceUntil(h, () => a.of("subscribed").length === 1, "subscribed once the upstream is back");
  });

  it("passes on the upstream's refusal of a subscription with each browser's own id", async () => {
    h = await startHarness({
      upstream: { limits: { connections: 5, subscriptionsPerConnection: 20, trackedTokens: 1 } },
    });
    const a = await h.browser();
    a.subscribe("one", "trades", tradesParams(1));
    await a.waitFor((f) => f.type === "subscribed");
    a.subscribe("two", "trades", tradesParams(2));
    expect(await a.waitFor((f) => f.type === "error")).toMatchObject({ id: "two", code: "limit_tracked", limit: 1 });
    expect(h.gw.stats().upstreamSubscriptions).toBe(1);
  });

  it("closes a browser that stops reading with slow_consumer while the others keep receiving, memory bounded", async () => {
    const cap = 256 * 1024;
    // The read-lag bound is lifted here: this is the queue's bound, reached once the kernel's buffers are full.
    h = await startHarness({
      gateway: { browser: { sendHighWaterBytes: 64 * 1024, maxQueuedBytes: cap, maxUnreadBytes: 2 ** 30 } },
    });
    const gw = h.gw;
    const [slow, fast] = await slowAndFast(h);
    // What the gateway held for the stalled reader each time the fast one got a frame (same process: read in step).
    const receipts: Array<{ queued: number; slowClosed: boolean }> = [];
    fast.ws.on("message", () => {
      const s = gw.stats();
      receipts.push({ queued: s.queuedBytes, slowClosed: s.slowConsumerCloses > 0 });
    });
    slow.ws.pause();
    const k = keyOf("trades", tradesParams(1));
    let maxQueued = 0;
    const FRAMES = 300;
    const pad = "x".repeat(48 * 1024); // big frames fill the paused reader's socket buffers quickly
    // One frame at a time, each read by the fast browser before the next (a live feed's pace): whatever the slow
    // reader holds at a receipt was held while the fast one was being served.
    for (let i = 0; i < FRAMES; i++) {
      h.up.emit(k, { kind: "trades", data: [trade(i, i)], meta: { asOf: i, pad } });
      await until(() => fast.of("event").length === i + 1 || fast.closed !== null, "fast browser keeps up", 10_000);
      expect(fast.closed).toBeNull();
      maxQueued = Math.max(maxQueued, gw.stats().queuedBytes);
    }
    await until(() => gw.stats().slowConsumerCloses === 1, "slow browser closed");
    expect(maxQueued).toBeLessThanOrEqual(cap);
    expect(gw.stats()).toMatchObject({ browserConnections: 1, queuedBytes: 0 });
    expect(gw.stats().dropped).toBeGreaterThan(0);
    // The fast browser got frames while the stalled one had a backlog waiting: that backlog did not hold it back.
    const events = receipts.slice(-FRAMES);
    expect(events).toHaveLength(FRAMES);
    expect(events.filter((r) => r.queued > 0 && !r.slowClosed).length).toBeGreaterThanOrEqual(2);
    slow.ws.resume();
    await until(() => slow.closed !== null, "slow browser sees the close", 5_000);
    expect(slow.closed?.code).toBe(CLOSE_CODES.slowConsumer);
    // Every frame reached the fast browser once, in order.
    expect(fast.of("event").map((f) => (f.meta as { asOf: number }).asOf)).toEqual(
      Array.from({ length: FRAMES }, (_, i) => i),
    );
  }, 60_000); // ~15 MB through loopback sockets: slow on a loaded machine

  it("closes a browser that stops reading long before the kernel's buffers fill: its read-lag probe goes unanswered", async () => {
    const maxReadLagMs = 2_000;
    h = await startHarness({ gateway: { browser: { maxReadLagMs, probeEveryBytes: 8 * 1024 } } });
    const gw = h.gw;
    const [slow, fast] = await slowAndFast(h);
    slow.ws.pause();
    const k = keyOf("trades", tradesParams(1));
    const pad = "x".repeat(2 * 1024);
    // 100 ms of (virtual) time per frame, each read by the fast browser before the next: ~2 KiB a frame, so the
    // paused reader's socket holds all of it (no queue, no bufferedAmount): only the unanswered probe tells.
    let i = 0;
    let closedAt = -1;
    for (; i < 100 && closedAt < 0; i++) {
      h.up.emit(k, { kind: "trades", data: [trade(i, i)], meta: { asOf: i, pad } });
      await until(() => fast.of("event").length === i + 1, "fast browser keeps up", 10_000);
      if (gw.stats().slowConsumerCloses > 0) closedAt = i;
      else h.clock.advance(100);
    }
    expect(closedAt).toBeGreaterThan(0);
    // Closed once a probe had waited over 2 s: 8 KiB (4 frames) to the first probe, then 21 steps of 100 ms.
    expect(closedAt).toBeLessThanOrEqual(4 + maxReadLagMs / 100 + 2);
    expect(gw.stats()).toMatchObject({ slowConsumerCloses: 1, browserConnections: 1, queuedBytes: 0 });
    expect(fast.closed).toBeNull();
    slow.ws.resume();
    await until(() => slow.closed !== null, "slow browser sees the close", 5_000);
    expect(slow.closed).toEqual({ code: CLOSE_CODES.slowConsumer, reason: "slow_consumer" });
    // What the slow browser read before its close is a prefix of the stream, nothing after a gap.
    const got = slow.of("event").map((f) => (f.meta as { asOf: number }).asOf);
    expect(got).toEqual(Array.from({ length: got.length }, (_, j) => j));
  }, 30_000);

  it("keeps a browser that reads, however much it is sent: its probes are answered", async () => {
    h = await startHarness({
      gateway: { browser: { maxReadLagMs: 1_000, maxUnreadBytes: 256 * 1024, probeEveryBytes: 8 * 1024 } },
    });
    const a = await h.browser();
    a.subscribe("t", "trades", tradesParams(1));
    await a.waitFor((f) => f.type === "subscribed");
    const k = keyOf("trades", tradesParams(1));
    const pad = "x".repeat(16 * 1024);
    // 200 frames of 16 KiB (3.2 MiB, over 12 times the unread bound) with 100 ms of virtual time each.
    for (let i = 0; i < 200; i++) {
      h.up.emit(k, { kind: "trades", data: [trade(i, i)], meta: { asOf: i, pad } });
      await until(() => a.of("event").length === i + 1, "browser keeps up", 10_000);
      h.clock.advance(100);
    }
    expect(a.closed).toBeNull();
    expect(h.gw.stats().slowConsumerCloses).toBe(0);
  }, 30_000);

  it("conflates a slow browser's latest-wins frames (token updates)", async () => {
    h = await startHarness({
      gateway: { browser: { sendHighWaterBytes: 1, maxQueuedBytes: 1024 * 1024, maxUnreadBytes: 2 ** 30 } },
    });
    const a = await h.browser();
    a.subscribe("u", "token-updates", tradesParams(1));
    await a.waitFor((f) => f.type === "subscribed");
    a.ws.pause();
    const k = keyOf("token-updates", tradesParams(1));
    const { tokenUpdate, EVM_TOKEN } = await import("./testing/fixtures");
    // A paused reader's socket still takes a few MB; past that, updates wait in the queue and get conflated.
    const pad = "x".repeat(32 * 1024);
    for (let i = 0; i < 600; i++)
      h.up.emit(k, { kind: "update", data: tokenUpdate(EVM_TOKEN(1), i, i), meta: { asOf: i, pad } });
    await until(() => (h?.gw.stats().conflated ?? 0) > 0, "conflation", 10_000);
    a.ws.resume();
    await until(
      () => (a.of("event").at(-1)?.meta as { asOf: number } | undefined)?.asOf === 599,
      "latest update arrives",
      10_000,
    );
    expect(a.of("event").length).toBeLessThan(600);
    expect(a.closed).toBeNull();
  }, 20_000);

  it("survives fuzzed browser frames: every answer is a known frame, the connection stays usable", async () => {
    h = await startHarness({
      gateway: { browser: { frameRatePerSec: 1e6, frameBurst: 1e6, subscribeRatePerSec: 1e6, subscribeBurst: 1e6 } },
    });
    const b = await h.browser();
    const frameArb = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
      fc
        .record(
          {
            type: fc.constantFrom("subscribe", "unsubscribe", "ping", "auth", "event", "", "SUBSCRIBE"),
            id: fc.oneof(fc.string({ maxLength: 70 }), fc.integer(), fc.constant("s1")),
            channel: fc.constantFrom("trades", "ohlcv", "token-updates", "pulse", "nope", "__proto__"),
            params: fc.oneof(
              fc.jsonValue({ maxDepth: 2 }),
              fc.constant(tradesParams(1)),
              fc.constant({ view: "new", chains: ["solana"] }),
            ),
            sinceAt: fc.oneof(fc.integer(), fc.double(), fc.constant(undefined)),
            t: fc.oneof(fc.double(), fc.string()),
            key: fc.string(),
          },
          { requiredKeys: ["type"] },
        )
        .map((v) => JSON.stringify(v)),
    );
    let pings = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(frameArb, { maxLength: 15 }), async (frames) => {
        for (const f of frames) b.send(f);
        const t = ++pings;
        b.send({ type: "ping", t });
        await b.waitFor((f) => f.type === "pong" && f.t === t, "pong");
      }),
      { numRuns: 120 },
    );
    for (const f of b.frames) {
      expect(["authed", "pong", "error", "subscribed", "unsubscribed", "event"]).toContain(f.type);
      if (f.type === "error") expect(STREAM_ERROR_CODES).toContain(f.code);
    }
    expect(b.closed).toBeNull();
    expect(h.gw.stats().browserConnections).toBe(1);
    expect(h.gw.stats().browserSubscriptions).toBeLessThanOrEqual(20);
  });
});
