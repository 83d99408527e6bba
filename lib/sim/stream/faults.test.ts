import { describe, expect, it } from "vitest";
import { CLOSE_CODES, pulseEventSchema } from "@/lib/api";
import { pulseToken } from "./testing/feed";
import { BASE, harnessPerTest, POOL_A, TestClient, TOKEN, until } from "./testing/harness";

const POOL = POOL_A;
const h = harnessPerTest([POOL]);

describe("stream faults (read live, off by default)", () => {
  it("refuses connections with 503 while streamRefuseConnections is on", async () => {
    h.faults.streamRefuseConnections = true;
    await expect(TestClient.open(h.url)).rejects.toThrow("HTTP 503");
    h.faults.streamRefuseConnections = false;
    await h.connect();
    expect(h.server.stats().refused).toBe(1);
  });

  it("drops each connection abruptly after streamDropAfterMs, including ones opened before the change", async () => {
    const old = await h.connect();
    h.faults.streamDropAfterMs = 5_000;
    const fresh = await h.connect();
    h.timers.advance(4_800);
    await fresh.barrier();
    expect(h.server.stats().connections).toBe(2);
    h.timers.advance(300);
    expect((await old.closed).code).toBe(1006);
    expect((await fresh.closed).code).toBe(1006);
    expect(h.server.stats().droppedByFault).toBe(2);
  });

  it("delays frames by streamDelayMs in order", async () => {
    const c = await h.connect();
    await h.subscribe(c, "t", "trades", { chain: BASE, address: TOKEN });
    h.faults.streamDelayMs = 2_000;
    h.feed.trade(BASE, TOKEN);
    c.send({ type: "ping", t: 1 });
    await new Promise((r) => setTimeout(r, 30));
    expect(c.frames).toEqual([]);
    h.timers.advance(2_000);
    const first = await c.next();
    expect(first).toMatchObject({ type: "event", id: "t" });
    expect(await c.next()).toEqual({ type: "pong", t: 1 });
  });

  it("duplicates event frames at streamDuplicateRate", async () => {
    const c = await h.connect();
    await h.subscribe(c, "t", "trades", { chain: BASE, address: TOKEN });
    h.faults.streamDuplicateRate = 1;
    const row = h.feed.trade(BASE, TOKEN);
    await c.barrier();
    const frames = c.take("t");
    expect(frames).toHaveLength(2);
    expect(frames[0]).toEqual(frames[1]);
    expect((frames[0].data as { txHash: string }[])[0].txHash).toBe(row.txHash);
  });

  it("reorders event frames within streamReorderWindowMs", async () => {
    const c = await h.connect();
    await h.subscribe(c, "t", "trades", { chain: BASE, address: TOKEN });
    h.faults.streamReorderWindowMs = 500;
    const sent: string[] = [];
    for (let i = 0; i < 12; i++) {
      sent.push(h.feed.trade(BASE, TOKEN).txHash);
      await Promise.resolve(); // one engine step each, so one frame each
    }
    await c.barrier();
    expect(c.take("t")).toEqual([]);
    h.timers.advance(500);
    await c.barrier();
    const got = c.take("t").map((f) => (f.data as { txHash: string }[])[0].txHash);
    expect([...got].sort()).toEqual([...sent].sort());
    expect(got).not.toEqual(sent);
  });

  it("skips pulse deltas at streamSkipDeltaRate; snapshots still arrive", async () => {
    const c = await h.connect();
    await h.subscribe(c, "p", "pulse", { view: "new", chains: ["solana"] });
    h.faults.streamSkipDeltaRate = 1;
    for (let i = 0; i < 5; i++) h.feed.pulseSet("new", pulseToken("solana", `So1${String(i).padStart(40, "c")}`));
    h.timers.advance(30_000);
    await c.barrier();
    const kinds = c.take("p").map((f) => pulseEventSchema.parse(f).kind);
    expect(kinds).toEqual(["snapshot", "snapshot"]);
    expect(h.server.stats().skipped).toBe(5);
  });

  it("closes a slow consumer with slow_consumer and 4009 once its buffer passes the cap", async () => {
    await h.restart({ maxBufferedBytes: 256 * 1024 });
    const c = await h.connect();
    await h.subscribe(c, "t", "trades", { chain: BASE, address: TOKEN });
    (c.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();
    // push until the kernel buffers are full and the server-side queue passes the cap (bounded loop)
    for (let round = 0; round < 400 && h.server.stats().slowConsumers === 0; round++) {
      for (let i = 0; i < 200; i++) h.feed.trade(BASE, TOKEN);
      await new Promise((r) => setImmediate(r));
    }
    expect(h.server.stats().slowConsumers).toBe(1);
    (c.ws as unknown as { _socket: { resume(): void } })._socket.resume();
    expect((await c.closed).code).toBe(CLOSE_CODES.slowConsumer);
    expect(c.frames.at(-1)).toMatchObject({ type: "error", code: "slow_consumer" });
    await until(() => h.server.stats().connections === 0);
  });
});
