import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { WebSocket } from "ws";
import { pulseEventSchema, tokenUpdateEventSchema } from "@/lib/api";
import { type SimService, startSimService } from "@/lib/sim/service";
import { createStreamGateway, type StreamGateway } from "./index";
import { TestBrowser, until } from "./testing/harness";

// The gateway on the whole embedded market (lib/sim/service.ts), real time: what `npm start` runs.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let svc: SimService;
let gw: StreamGateway;
let http: Server;
let url: string;
const browsers: TestBrowser[] = [];
const PULSE = { view: "new", chains: ["solana", "evm:8453"] };

async function browser(): Promise<TestBrowser> {
  const b = new TestBrowser(new WebSocket(url));
  browsers.push(b);
  await b.waitFor((f) => f.type === "authed");
  return b;
}

beforeAll(async () => {
  svc = await startSimService({ key: "gateway-test-key", seed: 7, warmupMs: 2 * 60_000 });
  gw = createStreamGateway({ upstream: { streamUrl: svc.streamUrl, key: svc.key }, registerUsage: false, log: { warn: () => {} }, backoff: { baseMs: 50, maxMs: 500 } });
  http = createServer();
  http.on("upgrade", (req, socket, head) => gw.handleUpgrade(req, socket, head));
  await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
  url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}/api/stream`;
});

afterAll(async () => {
  for (const b of browsers) b.ws.terminate();
  await gw?.close();
  http?.closeAllConnections();
  await new Promise((r) => http?.close(r));
  await svc?.close();
});

describe("stream gateway on the embedded market", () => {
  it("streams a pulse snapshot and live token updates, and serves a second browser from the same subscription", async () => {
    const a = await browser();
    a.subscribe("p", "pulse", PULSE);
    const snap = pulseEventSchema.parse(await a.waitFor((f) => f.type === "event" && f.id === "p", "snapshot", 10_000));
    expect(snap.kind).toBe("snapshot");
    const list = snap.data as { chain: string; address: string }[];
    expect(list.length).toBeGreaterThan(0);
    const first = list[0] as { chain: string; address: string };
    a.subscribe("u", "token-updates", { chain: first.chain, address: first.address });
    const upd = tokenUpdateEventSchema.parse(await a.waitFor((f) => f.type === "event" && f.id === "u", "token update", 10_000));
    expect(upd.data.address).toBe(first.address);

    const b = await browser();
    b.subscribe("late", "pulse", PULSE);
    const late = pulseEventSchema.parse(await b.waitFor((f) => f.type === "event" && f.id === "late", "late snapshot", 5_000));
    expect(late.kind).toBe("snapshot");
    expect(gw.stats()).toMatchObject({ upstreamConnections: 1, upstreamSubscriptions: 2 });
    expect(JSON.stringify([...a.frames, ...b.frames])).not.toContain(svc.key);
  });

  it("recovers from a dropped upstream connection (fault injection) and tells the browser to resync", async () => {
    const a = await browser();
    a.subscribe("p2", "pulse", { view: "bonding", chains: ["solana"] });
    await a.waitFor((f) => f.type === "subscribed");
    svc.setFaults({ streamDropAfterMs: 1 });
    await new Promise((r) => setTimeout(r, 400));
    svc.setFaults({ streamDropAfterMs: null });
    const resync = await a.waitFor((f) => f.type === "resync", "resync", 10_000);
    expect(resync.ids).toEqual(["p2"]);
    const at = a.frames.indexOf(resync);
    await until(() => a.frames.slice(at).some((f) => f.type === "event" && f.id === "p2"), "events after the resync", 10_000);
    expect(gw.stats().upstreamReconnects).toBeGreaterThanOrEqual(1);
  });
});
