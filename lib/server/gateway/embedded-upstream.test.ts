import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { WebSocket } from "ws";
import { pulseEventSchema, tradeKey, tradesEventSchema } from "@/lib/api";
import { pulseToken } from "@/lib/sim/stream/testing/feed";
import { KEY, type Harness as SimHarness, startHarness as startSim } from "@/lib/sim/stream/testing/harness";
import { createVirtualClock, type VirtualClock } from "./testing/virtual-clock";
import { createStreamGateway, type StreamGateway } from "./index";
import { EVM_TOKEN } from "./testing/fixtures";
import { TestBrowser, until } from "./testing/harness";

// The gateway in front of the embedded service's real stream server (lib/sim/stream) over a hand-driven feed.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 20_000 }); // real sockets on a shared machine

const BASE = "evm:8453";
const token = (n: number) => EVM_TOKEN(n + 1);
const tradesSub = (n: number) => ({ chain: BASE, address: token(n) });

let sim: SimHarness;
let gw: StreamGateway;
let http: Server;
let clock: VirtualClock;
let url: string;
const browsers: TestBrowser[] = [];

async function browser(): Promise<TestBrowser> {
  const b = new TestBrowser(new WebSocket(url));
  browsers.push(b);
  await b.waitFor((f) => f.type === "authed");
  return b;
}

beforeEach(async () => {
  sim = await startSim();
  for (let n = 0; n < 60; n++) sim.feed.addToken(BASE, token(n), [EVM_TOKEN(5_000 + n)]);
  clock = createVirtualClock();
  gw = createStreamGateway({
    upstream: { streamUrl: sim.url.replace(/\/v1\/stream$/, ""), key: KEY },
    clock, random: () => 0.5, registerUsage: false, log: { warn: () => {} }, heartbeatMs: 600_000,
    perIp: { exemptLoopback: true },
  });
  http = createServer();
  const g = gw;
  http.on("upgrade", (req, socket, head) => g.handleUpgrade(req, socket, head));
  await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
  url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}/api/stream`;
});

afterEach(async () => {
  for (const b of browsers.splice(0)) b.ws.terminate();
  await gw.close();
  http.closeAllConnections();
  await new Promise((r) => http.close(r));
  await sim.close();
});

describe("stream gateway in front of the embedded service", () => {
  it("shares one upstream subscription between two browsers, each under its own id", async () => {
    const [a, b] = [await browser(), await browser()];
    a.subscribe("a1", "trades", tradesSub(0));
    b.subscribe("b1", "trades", tradesSub(0));
    await until(() => a.of("subscribed").length === 1 && b.of("subscribed").length === 1, "acks");
    expect(sim.server.stats()).toMatchObject({ connections: 1, subscriptions: 1 });
    const row = sim.feed.trade(BASE, token(0));
    const ea = tradesEventSchema.parse(await a.waitFor((f) => f.type === "event"));
    const eb = tradesEventSchema.parse(await b.waitFor((f) => f.type === "event"));
    expect([ea.id, eb.id]).toEqual(["a1", "b1"]);
    expect(ea.data).toEqual([row]);
  });

  it("packs 25 distinct subscriptions onto 2 upstream connections and refuses the 51st token", async () => {
    const bs = [await browser(), await browser(), await browser()];
    for (let n = 0; n < 51; n++) {
      const b = bs[Math.floor(n / 20)] as TestBrowser;
      b.subscribe(`t${n}`, "trades", tradesSub(n));
      if (n === 24) await until(() => sim.server.stats().subscriptions === 25, "25 upstream subscriptions");
      if (n === 24) expect(sim.server.stats().connections).toBe(2);
      if (n % 20 === 19) await until(() => b.of("subscribed").length === 20, "a browser's acks");
    }
    const err = await bs[2]?.waitFor((f) => f.type === "error");
    expect(err).toMatchObject({ id: "t50", code: "limit_tracked", limit: 50 });
    await until(() => sim.server.stats().subscriptions === 50, "50 upstream subscriptions");
    expect(sim.server.stats().connections).toBe(3);
  });

  it("unsubscribes upstream a grace period after the last browser leaves, and closes the idle connection", async () => {
    const a = await browser();
    a.subscribe("x", "trades", tradesSub(0));
    await a.waitFor((f) => f.type === "subscribed");
    a.send({ type: "unsubscribe", id: "x" });
    await a.waitFor((f) => f.type === "unsubscribed");
    clock.advance(9_999);
    await new Promise((r) => setTimeout(r, 30));
    expect(sim.server.stats().subscriptions).toBe(1);
    clock.advance(1);
    await until(() => sim.server.stats().subscriptions === 0, "upstream unsubscribe");
    clock.advance(30_000);
    await until(() => sim.server.stats().connections === 0, "idle upstream connection closed");
  });

  it("gives a late joiner the pulse list with the deltas since the service's snapshot applied", async () => {
    sim.feed.pulseSet("new", pulseToken(BASE, token(1), { createdAt: 1 }));
    const a = await browser();
    a.subscribe("p", "pulse", { view: "new", chains: [BASE] });
    await a.waitFor((f) => f.type === "event" && f.kind === "snapshot");
    sim.feed.pulseSet("new", pulseToken(BASE, token(2), { createdAt: 2 }));
    await a.waitFor((f) => f.type === "event" && f.kind === "enter");
    const late = await browser();
    late.subscribe("lp", "pulse", { view: "new", chains: [BASE] });
    const snap = pulseEventSchema.parse(await late.waitFor((f) => f.type === "event"));
    expect(snap.kind).toBe("snapshot");
    expect((snap.data as { address: string }[]).map((t) => t.address).sort()).toEqual([token(1), token(2)].sort());
    expect(sim.server.stats().subscriptions).toBe(1);
  });

  it("after a dropped upstream connection (fault injection), resubscribes, sends resync and resumes without duplicates", async () => {
    const a = await browser();
    a.subscribe("t", "trades", tradesSub(0));
    await a.waitFor((f) => f.type === "subscribed");
    const rows = [sim.feed.trade(BASE, token(0)), sim.feed.trade(BASE, token(0))];
    await until(() => a.of("event").length >= 1, "first rows");
    sim.faults.streamDropAfterMs = 0;
    sim.timers.advance(200);
    await until(() => sim.server.stats().connections === 0, "upstream dropped");
    sim.faults.streamDropAfterMs = null;
    await until(() => {
      clock.advance(250);
      return sim.server.stats().subscriptions === 1;
    }, "resubscribed");
    const resync = await a.waitFor((f) => f.type === "resync");
    expect(resync).toEqual({ type: "resync", ids: ["t"], reason: "upstream_reconnected" });
    sim.faults.streamDuplicateRate = 1; // and the service now sends every frame twice
    rows.push(sim.feed.trade(BASE, token(0)), sim.feed.trade(BASE, token(0)));
    await until(() => a.of("event").flatMap((f) => f.data as never[]).length >= 4, "rows after the loss");
    await new Promise((r) => setTimeout(r, 50));
    const seen = a.of("event").flatMap((f) => (f.data as { txHash: string; block: number; logIndex: number }[]).map(tradeKey));
    expect(seen).toEqual(rows.map(tradeKey));
    expect(gw.stats().duplicateRows).toBeGreaterThan(0);
  });
});
