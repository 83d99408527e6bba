// `npm run bench -- fleet`: what sharing through Redis costs and saves, on a real redis-server, the embedded market and
// three instances (each its own process running the REST proxy in fleet mode, test/fleet/rest-instance.ts).
//   - a cache hit served from Redis (the copy another instance fetched) against a hit from the instance's own cache:
//     added p50 / p99, one connection, sequential;
//   - cross-instance coalescing: 1,000 identical concurrent requests spread over the three with the market slowed to
//     300 ms → upstream calls counted by the market's own per-key usage (GET /__control/usage);
//   - event delay: a trade as a browser on an instance gets it (market → leader → Redis Stream → the instance's relay →
//     its gateway → browser) against a client on the market's own stream, p50 / p99, once the subscription is live;
//     and the subscription's start: subscribe → first trade (the trades made meanwhile come in that first batch);
//   - leader failover: SIGKILL the stream leader → another instance holds the lease.
import { Agent, request } from "undici";
import { WebSocket } from "ws";
import { FLEET_KEY, startFleet, until } from "../test/fleet/harness";
import { percentile } from "./lib/percentile";
import { figure, pick } from "./lib/report";

const N = pick(2_000, 300);
const pool = new Agent({ connections: 256 });

async function timedGet(url: string): Promise<{ ms: number; cache: string }> {
  const t0 = performance.now();
  const r = await request(url, { dispatcher: pool });
  await r.body.text();
  const ms = performance.now() - t0;
  if (r.statusCode !== 200) throw new Error(`${url} → ${r.statusCode}`);
  return { ms, cache: String(r.headers["x-cache"]) };
}

/** `<id>.p50` and `<id>.p99` (ms) of `samples`, each held to its own limit over the baseline's same percentile. */
function latencyFigures(
  id: string,
  label: string,
  samples: readonly number[],
  baseline: { label: string; at: (p: number) => number },
  limits: { 50: number; 99: number },
  note: string,
): void {
  for (const p of [50, 99] as const)
    figure({
      id: `${id}.p${p}`,
      label: `${label}, p${p}`,
      value: samples.length ? percentile(samples, p) : null,
      unit: "ms",
      baseline: { label: baseline.label, value: baseline.at(p) },
      target: { of: "delta", op: "<=", limit: limits[p] },
      note: p === 50 ? note : undefined,
    });
}

const fleet = await startFleet({ instances: 3, speed: 10, env: { PROXY_RATE_LIMIT_RPS: "0", LOG_LEVEL: "warn" } });

type Row = { txHash: string; block: number; logIndex: number; preconfirmed: boolean };
/** Opens a stream client and records when each trade (in each state) first arrives. */
function watch(url: string, params: { chain: string; address: string }, auth?: string) {
  const seen = new Map<string, number>();
  const at = { subscribed: Number.NaN, firstEvent: Number.NaN };
  const ws = new WebSocket(url);
  ws.on("open", () => {
    if (auth) ws.send(JSON.stringify({ type: "auth", key: auth }));
    ws.send(JSON.stringify({ type: "subscribe", id: "t", channel: "trades", params }));
    at.subscribed = performance.now();
  });
  ws.on("message", (raw) => {
    const f = JSON.parse(String(raw)) as { type: string; kind?: string; data?: Row[] };
    if (f.type !== "event" || f.kind !== "trades") return;
    const t = performance.now();
    if (Number.isNaN(at.firstEvent)) at.firstEvent = t;
    for (const r of f.data ?? []) {
      const k = `${r.txHash}:${r.block}:${r.logIndex}:${r.preconfirmed}`;
      if (!seen.has(k)) seen.set(k, t);
    }
  });
  return { seen, at, close: () => ws.terminate() };
}

async function leaderIndex(): Promise<number> {
  for (const [n, i] of fleet.instances.entries()) {
    if (i.proc.exitCode !== null || i.proc.signalCode !== null) continue;
    const h = (await (await fetch(`${i.url}/api/health`)).json()) as { fleet: { streamLeader: boolean } };
    if (h.fleet.streamLeader) return n;
  }
  return -1;
}
try {
  const [a, b, c] = fleet.instances;
  // Fill: A fetches N distinct keys (each a miss upstream, stored locally and in Redis).
  const keys = Array.from({ length: N }, (_, i) => `/api/v1/search?q=bench${i}`);
  for (const k of keys) await timedGet(`${a.url}${k}`);
  // Warm both processes' code paths on other keys first.
  for (let i = 0; i < 200; i++) {
    await timedGet(`${a.url}${keys[i % keys.length]}`);
    await timedGet(`${c.url}/api/v1/search?q=warm${i}`);
  }
  const local: number[] = [];
  const shared: number[] = [];
  for (const k of keys) {
    // Interleaved so both see the same machine load: A's own copy, then B's first read (from Redis).
    const l = await timedGet(`${a.url}${k}`);
    const r = await timedGet(`${b.url}${k}`);
    if (l.cache !== "hit" || r.cache !== "hit") throw new Error(`expected hits, got ${l.cache} / ${r.cache}`);
    local.push(l.ms);
    shared.push(r.ms);
  }
  latencyFigures(
    "hit.redis",
    "cache hit from Redis (another instance's copy)",
    shared,
    { label: "hit from own cache", at: (p) => percentile(local, p) },
    { 50: 2, 99: 10 },
    `${N} keys, one connection, sequential`,
  );

  // Coalescing across instances.
  fleet.sim.setFaults({ restLatencyMs: 300 });
  const before = (await fleet.usage()).restCalls;
  const replies = await Promise.all(
    Array.from({ length: 1000 }, (_, i) => timedGet(`${fleet.instances[i % 3].url}/api/v1/search?q=coalesce`)),
  );
  fleet.sim.setFaults({ restLatencyMs: 0 });
  const calls = (await fleet.usage()).restCalls - before;
  figure({
    id: "coalesce.upstream-calls",
    label: "upstream calls for 1,000 identical concurrent requests over 3 instances",
    value: calls,
    unit: "calls",
    target: { of: "value", op: "<=", limit: 1 },
    note: `market slowed to 300 ms; ${replies.filter((r) => r.cache === "coalesced").length} coalesced, ${replies.filter((r) => r.cache === "hit").length} hits`,
  });
  figure({
    id: "coalesce.ratio",
    label: "requests per upstream call (cross-instance coalescing)",
    value: calls > 0 ? 1000 / calls : null,
    unit: "×",
    target: { of: "value", op: ">=", limit: 1000 },
  });

  // Event delay through the fleet against the market's own stream, on the busiest token.
  await until("a stream leader", async () => (await leaderIndex()) >= 0, 15_000);
  const leader = await leaderIndex();
  const follower = fleet.instances[(leader + 1) % 3];
  const token = [...fleet.sim.core.index.tokens.values()].sort((x, y) => y.txns - x.txns)[0];
  const params = { chain: token.chain, address: token.address };
  const direct = watch(`${fleet.sim.streamUrl}/v1/stream`, params, FLEET_KEY);
  const viaFleet = watch(`${follower.url.replace("http", "ws")}/api/stream`, params);
  const EVENTS = pick(300, 60);
  await until("trades through the fleet", () => viaFleet.seen.size >= EVENTS, 180_000);
  // Trades the market streamed before the fleet's subscription was live end to end (browser → instance → Redis →
  // leader → market) reach the browser in one batch when it is: that is the subscription's start, measured apart;
  // the delay of a trade is measured on the trades that followed.
  const live = viaFleet.at.firstEvent;
  const delays: number[] = [];
  let startBatch = 0;
  for (const [k, t] of viaFleet.seen) {
    const d = direct.seen.get(k);
    if (d === undefined) continue;
    if (d < live) startBatch++;
    else delays.push(t - d);
  }
  direct.close();
  viaFleet.close();
  latencyFigures(
    "event.delay",
    "trade event, market → leader → Redis → instance → browser",
    delays,
    { label: "the market's own stream", at: () => 0 },
    { 50: 5, 99: 100 },
    `${delays.length} trades on one token, once the subscription was live`,
  );
  figure({
    id: "event.first",
    label: "subscribe → first trade, through the fleet",
    value: live - viaFleet.at.subscribed,
    unit: "ms",
    baseline: { label: "the market's own stream", value: direct.at.firstEvent - direct.at.subscribed },
    target: { of: "value", op: "<=", limit: 1_000 },
    note: `${startBatch} trade(s) made while it started came in that first batch`,
  });

  // Failover: SIGKILL the leader, time until another instance holds the lease.
  const killed = fleet.instances[leader].proc;
  const t0 = performance.now();
  killed.kill("SIGKILL");
  await new Promise((resolve) => killed.once("exit", resolve));
  await until("a new stream leader", async () => (await leaderIndex()) >= 0, 20_000);
  figure({
    id: "failover.ms",
    label: "stream leader failover after SIGKILL (lease 5 s, renewed every 1 s)",
    value: performance.now() - t0,
    unit: "ms",
    target: { of: "value", op: "<=", limit: 10_000 },
  });
} finally {
  await fleet.stop();
  await pool.close();
}
