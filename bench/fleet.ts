// `npm run bench -- fleet`: what sharing through Redis costs and saves, on a real redis-server, the embedded market and
// three instances (each its own process running the REST proxy in fleet mode, test/fleet/rest-instance.ts).
//   - a cache hit served from Redis (the copy another instance fetched) against a hit from the instance's own cache:
//     added p50 / p99, one connection, sequential;
//   - cross-instance coalescing: 1,000 identical concurrent requests spread over the three with the market slowed to
//     300 ms → upstream calls counted by the market's own per-key usage (GET /__control/usage).
import { Agent, request } from "undici";
import { startFleet } from "../test/fleet/harness";
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

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};

const fleet = await startFleet({ instances: 3, env: { PROXY_RATE_LIMIT_RPS: "0", LOG_LEVEL: "warn" } });
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
  const lp50 = pct(local, 50);
  const lp99 = pct(local, 99);
  figure({
    id: "hit.redis.p50",
    label: "cache hit from Redis (another instance's copy), p50",
    value: pct(shared, 50),
    unit: "ms",
    baseline: { label: "hit from own cache", value: lp50 },
    target: { of: "delta", op: "<=", limit: 2 },
    note: `${N} keys, one connection, sequential`,
  });
  figure({
    id: "hit.redis.p99",
    label: "cache hit from Redis (another instance's copy), p99",
    value: pct(shared, 99),
    unit: "ms",
    baseline: { label: "hit from own cache", value: lp99 },
    target: { of: "delta", op: "<=", limit: 10 },
  });

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
} finally {
  await fleet.stop();
  await pool.close();
}
