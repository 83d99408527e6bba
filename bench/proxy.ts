// REST proxy benchmark, side by side in one run on this machine: the embedded market-data service called directly vs
// through the proxy (cache-miss path: every request a new key; cache-hit path: one key), and a bare node:http server
// answering the same bytes as the physical baseline. The proxy is the /api/v1 route handler (handleProxyRequest) on a
// plain node:http server (no `next build`); service, proxy and baseline each run in their own process.
// Run: node_modules/.bin/tsx bench/proxy.ts   [BENCH_SECONDS=5]
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Agent, request } from "undici";
import { run, type RunResult } from "./proxy/measure";
import { startChild } from "./proxy/spawn";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const KEY = `bench-${randomBytes(8).toString("hex")}`;
const auth = { authorization: KEY };

async function getJson(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown; text: string }> {
  const res = await request(url, { headers });
  const text = await res.body.text();
  return { status: res.statusCode, text, body: text ? JSON.parse(text) : undefined };
}

/** A token with a long enough candle history for full pages. */
async function pickToken(base: string) {
  for (const chain of ["evm:8453", "solana", "evm:1", "evm:56"]) {
    const r = await getJson(`${base}/v1/pulse?view=graduated&chains=${chain}&limit=20`, auth);
    const list = ((r.body as { data?: Array<{ address: string; pool: { address: string } }> })?.data ?? []);
    for (const t of list) {
      const q = `chain=${chain}&address=${t.address}&pools=${t.pool.address}&interval=1m&limit=100`;
      const probe = await getJson(`${base}/v1/token/ohlcv?${q}`, auth);
      const meta = (probe.body as { meta?: { count: number; newestTime: number | null } })?.meta;
      if (probe.status === 200 && meta?.newestTime && meta.count === 100) return { query: q, newest: meta.newestTime };
    }
  }
  throw new Error("no token with 100 one-minute candles found in the embedded market");
}

const ms = (x: number) => x.toFixed(3);
const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : "–");

async function main() {
  const up = await startChild<{ baseUrl: string }>("upstream-child.ts", { BENCH_KEY: KEY });
  const px = await startChild<{ url: string }>("proxy-child.ts", { BENCH_UPSTREAM: up.info.baseUrl, BENCH_KEY: KEY });
  const stops = [px.stop, up.stop];
  try {
    const token = await pickToken(up.info.baseUrl);
    // Closed history, one second apart: each endTime is a new cache key with a full page of the same size.
    const end0 = token.newest - 3_600;
    const fixed = `/v1/token/ohlcv?${token.query}&endTime=${end0}`;
    const direct = await getJson(`${up.info.baseUrl}${fixed}`, auth);
    const file = join(tmpdir(), `proxy-bench-${process.pid}.json`);
    writeFileSync(file, direct.text);
    const bare = await startChild<{ url: string }>("bare-child.ts", { BENCH_BODY_FILE: file });
    stops.unshift(bare.stop);

    let offset = 0;
    const missPath = (prefix: string) => {
      const from = offset;
      offset += 1_000_000;
      return (n: number) => `${prefix}/v1/token/ohlcv?${token.query}&endTime=${end0 - 7_200 - ((from + n) % 1_000_000)}`;
    };
    const targets = {
      bare: { url: bare.info.url, path: () => "/" },
      directHit: { url: up.info.baseUrl, path: () => fixed, headers: auth },
      proxyHit: { url: px.info.url, path: () => `/api${fixed}` },
    };
    const results: Record<string, Record<string, RunResult>> = {};
    for (const connections of [1, 16]) {
      const row: Record<string, RunResult> = {};
      const cases = {
        "bare node:http (same bytes)": targets.bare,
        "service direct, fixed key": targets.directHit,
        "service direct, unique keys": { url: up.info.baseUrl, path: missPath(""), headers: auth },
        "proxy, cache miss (unique keys)": { url: px.info.url, path: missPath("/api") },
        "proxy, cache hit (one key)": targets.proxyHit,
      };
      for (const [name, c] of Object.entries(cases)) {
        await run({ ...c, connections, durationSec: 1 }); // warm-up (JIT, keep-alive sockets)
        row[name] = await run({ ...c, connections, durationSec: SECONDS });
      }
      results[connections] = row;
    }
    const coalescing = await coalesce(up.info.baseUrl, px.info.url, `/api/v1/token/ohlcv?${token.query}&endTime=${end0 - 5_000_000}`);
    report(results, coalescing, direct.text.length);
  } finally {
    for (const stop of stops) await stop();
  }
}

/** 1,000 concurrent identical requests through the proxy with the upstream slowed to 300 ms: count upstream calls. */
async function coalesce(upstream: string, proxy: string, path: string) {
  const setFaults = (body: unknown) =>
    request(`${upstream}/__control/faults`, { method: "PUT", headers: { "content-type": "application/json", ...auth }, body: JSON.stringify(body) })
      .then((r) => r.body.text())
      .catch(() => "");
  await setFaults({ restLatencyMs: 300 });
  const before = (await getJson(`${proxy}/__stats`)).body as { upstreamCalls: number };
  const agent = new Agent({ connections: 1_000, pipelining: 0 });
  const started = performance.now();
  const caches = await Promise.all(
    Array.from({ length: 1_000 }, async () => {
      const r = await request(`${proxy}${path}`, { dispatcher: agent });
      await r.body.text();
      return `${r.statusCode} ${r.headers["x-cache"]}`;
    }),
  );
  const wallMs = performance.now() - started;
  await agent.close();
  await setFaults({ restLatencyMs: 0 });
  const after = (await getJson(`${proxy}/__stats`)).body as { upstreamCalls: number };
  const tally: Record<string, number> = {};
  for (const c of caches) tally[c] = (tally[c] ?? 0) + 1;
  return { upstreamCalls: after.upstreamCalls - before.upstreamCalls, tally, wallMs };
}

function report(results: Record<string, Record<string, RunResult>>, co: Awaited<ReturnType<typeof coalesce>>, bytes: number) {
  console.log(`\nREST proxy benchmark — ${SECONDS} s per case, body ${bytes} bytes (GET /v1/token/ohlcv, 100 candles)\n`);
  for (const [connections, row] of Object.entries(results)) {
    console.log(`connections=${connections}`);
    console.log(`  ${"case".padEnd(34)} ${"req/s".padStart(8)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"non-2xx".padStart(8)}`);
    for (const [name, r] of Object.entries(row))
      console.log(`  ${name.padEnd(34)} ${r.rps.toFixed(0).padStart(8)} ${ms(r.p50).padStart(8)} ${ms(r.p99).padStart(8)} ${String(r.non2xx).padStart(8)}`);
    const bare = row["bare node:http (same bytes)"];
    const dMiss = row["service direct, unique keys"];
    const pMiss = row["proxy, cache miss (unique keys)"];
    const dHit = row["service direct, fixed key"];
    const pHit = row["proxy, cache hit (one key)"];
    console.log(`  miss path: added p50 ${ms(pMiss.p50 - dMiss.p50)} ms, added p99 ${ms(pMiss.p99 - dMiss.p99)} ms; req/s proxy/direct ${ratio(pMiss.rps, dMiss.rps)}`);
    console.log(`  hit path:  req/s proxy/direct ${ratio(pHit.rps, dHit.rps)}, proxy/bare ${ratio(pHit.rps, bare.rps)}; p50 proxy/direct ${ratio(pHit.p50, dHit.p50)}`);
    console.log(`  direct service vs bare node:http: req/s ${ratio(dHit.rps, bare.rps)}, p50 ${ratio(dHit.p50, bare.p50)}\n`);
  }
  const c1 = results[1];
  const c16 = results[16];
  const addP50 = c1["proxy, cache miss (unique keys)"].p50 - c1["service direct, unique keys"].p50;
  const addP99 = c1["proxy, cache miss (unique keys)"].p99 - c1["service direct, unique keys"].p99;
  const hitRps = Math.max(c1["proxy, cache hit (one key)"].rps, c16["proxy, cache hit (one key)"].rps);
  console.log(`coalescing: 1000 concurrent identical requests (upstream slowed to 300 ms) → ${co.upstreamCalls} upstream call(s) in ${co.wallMs.toFixed(0)} ms; ${JSON.stringify(co.tally)}\n`);
  console.log("targets");
  console.log(`  added p50 on the miss path ≤ 1 ms (1 connection): ${ms(addP50)} ms ${addP50 <= 1 ? "PASS" : "FAIL"}`);
  console.log(`  added p99 on the miss path ≤ 5 ms (1 connection): ${ms(addP99)} ms ${addP99 <= 5 ? "PASS" : "FAIL"}`);
  console.log(`  cached ≥ 3,000 req/s: ${hitRps.toFixed(0)} ${hitRps >= 3000 ? "PASS" : "FAIL"}`);
  console.log(`  1,000 concurrent identical → 1 upstream call: ${co.upstreamCalls} ${co.upstreamCalls === 1 ? "PASS" : "FAIL"}`);
}

await main();
