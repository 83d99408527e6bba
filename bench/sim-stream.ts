// Stream server benchmark: events published at default and high activity, fan-out cost per subscriber
// (serialized once per subscription vs once per socket), and lag from engine event to frame received.
// Run: node_modules/.bin/tsx bench/sim-stream.ts   (loopback, port 0; clients run in this process)
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { WebSocket } from "ws";
import { type MarketFeed, NO_FAULTS } from "@/lib/sim/feed";
import { startSimService } from "@/lib/sim/service";
import { createSimStreamServer, type SimStreamServer } from "@/lib/sim/stream/server";
import { pulseToken, TestFeed } from "@/lib/sim/stream/testing/feed";
import { percentile } from "./lib/percentile";
import { figure, pick } from "./lib/report";

const KEY = "bench-key";
const BASE = "evm:8453";
const hex = (i: number, w = 40) => `0x${i.toString(16).padStart(w, "0")}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Rig {
  feed: MarketFeed;
  server: SimStreamServer;
  url: string;
  http: Server;
  close(): Promise<void>;
}

async function rig(fanout: "shared" | "per-socket" = "shared", tokens = 10): Promise<Rig & { feed: TestFeed }> {
  const feed = new TestFeed(Date.now);
  for (let t = 0; t < tokens; t++) feed.addToken(BASE, hex(t + 1), [hex(1000 + t)]);
  return serve(feed, fanout);
}

async function serve<F extends MarketFeed>(
  feed: F,
  fanout: "shared" | "per-socket" = "shared",
): Promise<Rig & { feed: F }> {
  const server = createSimStreamServer({
    feed,
    fanout,
    isValidKey: (k) => k.startsWith(KEY),
    ledger: { charge() {}, spent: () => 0 },
    faults: () => NO_FAULTS,
    limits: { connections: 100_000, subscriptionsPerConnection: 20, trackedTokens: 50 },
    maxPendingConnections: 100_000,
  });
  const http = createServer();
  http.on("upgrade", (req, socket, head) => server.handleUpgrade(req, socket, head));
  await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
  const url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}/v1/stream`;
  return {
    feed,
    server,
    url,
    http,
    async close() {
      await server.close();
      await new Promise((r) => http.close(r));
    },
  };
}

interface Client {
  ws: WebSocket;
  frames: number;
  onEvent?: (text: string) => void;
}

async function client(url: string, subs: { id: string; channel: string; params: unknown }[]): Promise<Client> {
  const ws = new WebSocket(url, { perMessageDeflate: false });
  const c: Client = { ws, frames: 0 };
  let acks = 0;
  await new Promise<void>((resolve, reject) => {
    ws.on("open", () => ws.send(JSON.stringify({ type: "auth", key: KEY })));
    ws.on("error", reject);
    ws.on("message", (d) => {
      const text = String(d);
      if (text.startsWith('{"type":"event"')) {
        c.frames++;
        c.onEvent?.(text);
        return;
      }
      const f = JSON.parse(text);
      if (f.type === "authed") for (const s of subs) ws.send(JSON.stringify({ type: "subscribe", ...s }));
      else if (f.type === "subscribed" && ++acks === subs.length) resolve();
      else if (f.type === "error") reject(new Error(text));
      if (subs.length === 0 && f.type === "authed") resolve();
    });
  });
  return c;
}

async function clients(
  url: string,
  n: number,
  subs: (i: number) => { id: string; channel: string; params: unknown }[],
) {
  const out: Client[] = [];
  for (let i = 0; i < n; i += 50)
    out.push(...(await Promise.all(Array.from({ length: Math.min(50, n - i) }, (_, j) => client(url, subs(i + j))))));
  return out;
}

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const fmt = (n: number, d = 0) => n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });

// ---- 1. events published by the real engine at default speed and at high activity ----
async function engineActivity() {
  const rows: Record<string, string>[] = [];
  for (const speed of [1, 20]) {
    const sim = await startSimService({ key: `${KEY}-sim`, seed: 42, speed, warmupMs: 10 * 60_000 });
    const r = await serve(sim.feed);
    // follow the 5 busiest tokens of the last 2 s, as a trader's screen would
    const counts = new Map<string, number>();
    const off = sim.feed.onTrade((e) =>
      counts.set(`${e.chain} ${e.token}`, (counts.get(`${e.chain} ${e.token}`) ?? 0) + 1),
    );
    await sleep(pick(2000, 1000));
    off();
    const busiest = [...counts.entries()]
      .sort((x, y) => y[1] - x[1])
      .slice(0, 5)
      .map(([k]) => k.split(" "));
    const emitted = new Map<string, number>();
    let trades = 0;
    const offTrades = sim.feed.onTrade((e) => {
      trades++;
      emitted.set(`${e.row.txHash}:${e.row.logIndex}:${e.row.preconfirmed}`, performance.now());
    });
    const lags: number[] = [];
    const chains = ["solana", "evm:8453", "evm:56", "evm:1"];
    const cs = await clients(r.url, 20, (i) => {
      const [chain, address] = busiest[i % busiest.length];
      return [
        { id: "t", channel: "trades", params: { chain, address } },
        { id: "o", channel: "ohlcv", params: { chain, address, interval: "1s" } },
        { id: "u", channel: "token-updates", params: { chain, address } },
        { id: "p", channel: "pulse", params: { view: i % 2 ? "new" : "bonding", chains } },
      ];
    });
    for (const c of cs)
      c.onEvent = (text) => {
        if (!text.includes('"kind":"trades"')) return;
        const now = performance.now();
        const f = JSON.parse(text) as { data: { txHash: string; logIndex: number; preconfirmed: boolean }[] };
        for (const row of f.data) {
          const at = emitted.get(`${row.txHash}:${row.logIndex}:${row.preconfirmed}`);
          if (at !== undefined) lags.push(now - at);
        }
      };
    const s0 = r.server.stats();
    const t0 = performance.now();
    const c0 = cpu();
    trades = 0;
    await sleep(pick(5000, 2000));
    const wall = (performance.now() - t0) / 1000;
    const s1 = r.server.stats();
    rows.push({
      market: `engine, speed ${speed}×`,
      "engine trades/s": fmt(trades / wall),
      "events published/s": fmt((s1.eventsPublished - s0.eventsPublished) / wall),
      "frames sent/s": fmt((s1.framesSent - s0.framesSent) / wall),
      "KB/s": fmt((s1.bytesSent - s0.bytesSent) / wall / 1e3),
      "CPU % (engine+stream+clients)": fmt(((cpu() - c0) / (wall * 1000)) * 100),
      "lag p50 ms": fmt(percentile(lags, 50), 2),
      "lag p99 ms": fmt(percentile(lags, 99), 2),
    });
    offTrades();
    for (const c of cs) c.ws.terminate();
    await r.close();
    await sim.close();
  }
  console.log(
    "\n1. Real engine (seed 42): 20 sockets × trades + ohlcv 1s + token-updates on the 5 busiest tokens + pulse, 5 s each",
  );
  console.log("   lag = engine trade event → trades frame parsed by a client (same process)");
  console.table(rows);
}

// ---- 2. saturation: a synthetic feed pushed as fast as the loop allows ----
async function saturation() {
  const results: Record<string, string>[] = [];
  for (const mode of ["default", "high"] as const) {
    const r = await rig();
    const sent = new Map<string, number>();
    const lags: number[] = [];
    const cs = await clients(r.url, 20, (i) => {
      const t = hex((i % 10) + 1);
      return [
        { id: "t", channel: "trades", params: { chain: BASE, address: t } },
        { id: "o", channel: "ohlcv", params: { chain: BASE, address: t, interval: "1s" } },
        { id: "u", channel: "token-updates", params: { chain: BASE, address: t } },
        { id: "p", channel: "pulse", params: { view: "new", chains: [BASE] } },
      ];
    });
    for (const c of cs)
      c.onEvent = (text) => {
        if (!text.includes('"kind":"trades"')) return;
        const now = performance.now();
        for (const m of text.matchAll(/"txHash":"(0x[0-9a-f]+)"/g)) {
          const at = sent.get(m[1]);
          if (at !== undefined) lags.push(now - at);
        }
      };
    const s0 = r.server.stats();
    const c0 = cpu();
    const t0 = performance.now();
    let trades = 0;
    let pulses = 0;
    const seconds = pick(3, 1);
    const trade = () => {
      const row = r.feed.trade(BASE, hex((trades % 10) + 1), { priceNative: 1 + (trades % 13) / 100 });
      sent.set(row.txHash, performance.now());
      trades++;
      if (trades % 25 === 0)
        r.feed.pulseSet("new", pulseToken(BASE, hex(50_000 + (pulses++ % 40)), { createdAt: Date.now() }));
    };
    if (mode === "default") {
      // 50 trades/s, the engine's market-wide rate at speed 1
      while (performance.now() - t0 < seconds * 1000) {
        trade();
        await sleep(Math.max(0, t0 + trades * 20 - performance.now()));
      }
    } else {
      while (performance.now() - t0 < seconds * 1000) {
        for (let i = 0; i < 100; i++) trade();
        await new Promise((res) => setImmediate(res));
      }
    }
    await sleep(300); // let the last frames land
    const wall = (performance.now() - t0) / 1000;
    const s1 = r.server.stats();
    const received = cs.reduce((a, c) => a + c.frames, 0);
    results.push({
      activity: mode,
      "trades/s": fmt(trades / wall),
      "events published/s": fmt((s1.eventsPublished - s0.eventsPublished) / wall),
      "frames sent/s": fmt((s1.framesSent - s0.framesSent) / wall),
      "frames received/s": fmt(received / wall),
      "MB/s": fmt((s1.bytesSent - s0.bytesSent) / wall / 1e6, 1),
      "CPU % (server+clients)": fmt(((cpu() - c0) / (wall * 1000)) * 100),
      "lag p50 ms": fmt(percentile(lags, 50), 2),
      "lag p99 ms": fmt(percentile(lags, 99), 2),
    });
    for (const c of cs) c.ws.terminate();
    await r.close();
  }
  console.log(
    "\n2. Synthetic feed (20 sockets × trades + ohlcv 1s + token-updates + pulse, 10 Base tokens, 3 s each): 50 trades/s vs flat out",
  );
  console.table(results);
}

// ---- 3. fan-out: 1 vs 100 vs 1000 sockets on the same subscription ----
async function fanout() {
  const rows: Record<string, string>[] = [];
  const perEvent = 20; // rows per trades frame (~8 KB)
  for (const n of [1, 100, 1000]) {
    const measured: Record<string, { serverUs: number; deliverMs: number }> = {};
    for (const mode of ["shared", "per-socket"] as const) {
      const r = await rig(mode, 1);
      const cs = await clients(r.url, n, () => [
        { id: "t", channel: "trades", params: { chain: BASE, address: hex(1) } },
      ]);
      const rounds = pick(n === 1000 ? 40 : 150, n === 1000 ? 10 : 40);
      const server: number[] = [];
      const deliver: number[] = [];
      for (let k = 0; k < rounds + 5; k++) {
        const target = cs.map((c) => c.frames + 1);
        const t0 = performance.now();
        for (let i = 0; i < perEvent; i++) r.feed.trade(BASE, hex(1));
        const tf = performance.now();
        await Promise.resolve(); // the hub's flush: serialize + hand to every socket
        const t1 = performance.now();
        while (cs.some((c, i) => c.frames < target[i])) await new Promise((res) => setImmediate(res));
        if (k >= 5) {
          server.push((t1 - tf) * 1000);
          deliver.push(performance.now() - t0);
        }
      }
      measured[mode] = { serverUs: percentile(server, 50), deliverMs: percentile(deliver, 50) };
      for (const c of cs) c.ws.terminate();
      await r.close();
    }
    const s = measured.shared;
    const p = measured["per-socket"];
    if (n === 1000)
      figure({
        id: "fanout.1000",
        label: "stream server flush per event, 1,000 sockets on one subscription",
        value: s.serverUs,
        unit: "µs",
        baseline: { label: "serialized per socket", value: p.serverUs },
        target: { of: "ratio", op: "<=", limit: 1 },
      });
    rows.push({
      sockets: String(n),
      "shared: server µs/event": fmt(s.serverUs),
      "shared: µs/subscriber": fmt(s.serverUs / n, 1),
      "per-socket: server µs/event": fmt(p.serverUs),
      "per-socket: µs/subscriber": fmt(p.serverUs / n, 1),
      "per-socket / shared": `${fmt(p.serverUs / s.serverUs, 2)}×`,
      "delivered to all (shared) ms": fmt(s.deliverMs, 2),
      "delivered to all (per-socket) ms": fmt(p.deliverMs, 2),
    });
  }
  console.log(
    `\n3. Fan-out on one trades subscription (${perEvent} rows per frame; server µs = the flush that serializes and writes to every socket; medians; baseline = serialize per socket)`,
  );
  console.table(rows);
}

// ---- 4. lag from engine event to frame received, by subscriber count ----
async function lag() {
  const rows: Record<string, string>[] = [];
  for (const n of [1, 100, 500]) {
    const r = await rig("shared", 1);
    const cs = await clients(r.url, n, () => [
      { id: "t", channel: "trades", params: { chain: BASE, address: hex(1) } },
    ]);
    const sent = new Map<string, number>();
    const lags: number[] = [];
    for (const c of cs)
      c.onEvent = (text) => {
        const m = /"txHash":"(0x[0-9a-f]+)"/.exec(text);
        const at = m ? sent.get(m[1]) : undefined;
        if (at !== undefined) lags.push(performance.now() - at);
      };
    const t0 = performance.now();
    for (let k = 1; performance.now() - t0 < pick(3000, 1000); k++) {
      const row = r.feed.trade(BASE, hex(1));
      sent.set(row.txHash, performance.now());
      await sleep(Math.max(0, t0 + k * 20 - performance.now()));
    }
    await sleep(200);
    if (n === 500)
      figure({
        id: "lag.500.p99",
        label: "engine trade → frame received p99, 500 subscribers, 50 trades/s",
        value: percentile(lags, 99),
        unit: "ms",
        target: { of: "value", op: "<=", limit: 50 },
      });
    rows.push({
      subscribers: String(n),
      samples: fmt(lags.length),
      "p50 ms": fmt(percentile(lags, 50), 2),
      "p99 ms": fmt(percentile(lags, 99), 2),
      "max ms": fmt(Math.max(...lags), 2),
    });
    for (const c of cs) c.ws.terminate();
    await r.close();
  }
  console.log("\n4. Lag from engine trade to frame received (50 trades/s, one subscription shared by every socket)");
  console.table(rows);
}

console.log(`sim-stream bench · node ${process.version} · ${new Date().toISOString()}`);
await engineActivity();
await saturation();
await fanout();
await lag();
process.exit(0);
