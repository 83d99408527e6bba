// REST proxy benchmark, side by side in one run on this machine: the embedded market-data service called directly vs
// through the proxy (cache-miss path: every request a new key; cache-hit path: one key), and a bare node:http server
// answering the same bytes as the physical baseline. The proxy is mounted on a plain node:http server (no
// `next build`): `proxyRequest`, the work of the /api/v1 route, and also `handleProxyRequest` with the web
// Request/Response objects the Next route uses. Service, proxy and baseline each run in their own process.
// Run: node_modules/.bin/tsx bench/proxy.ts   [BENCH_SECONDS=5]
import { randomBytes } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "undici";
import { figure, pick } from "./lib/report";
import { coalesce, envelopeCost, inProcessMiss } from "./proxy/extra";
import { type RunResult, run } from "./proxy/measure";
import { startChild } from "./proxy/spawn";

const SECONDS = Number(process.env.BENCH_SECONDS ?? pick(5, 1));
const KEY = `bench-${randomBytes(8).toString("hex")}`;
const auth = { authorization: KEY };
type Notable = Record<string, { chain: string; address: string; pools: string[] } | null>;

async function getJson(url: string, headers: Record<string, string> = {}) {
  const res = await request(url, { headers });
  const text = await res.body.text();
  return { status: res.statusCode, text, body: (text ? JSON.parse(text) : undefined) as unknown };
}

/** A token and those of its pools with full one-minute candle pages seven hours back (established token first). */
async function pickToken(base: string) {
  const notable = ((await getJson(`${base}/__control/state`)).body as { data: { notable: Notable } }).data.notable;
  const now = Math.floor(Date.now() / 1000);
  for (const t of [notable.establishedToken, notable.baseToken]) {
    if (!t) continue;
    const token = `chain=${t.chain}&address=${t.address}`;
    const pools: string[] = [];
    for (const pool of t.pools) {
      const deep = await getJson(
        `${base}/v1/token/ohlcv?${token}&pools=${pool}&interval=1m&limit=100&endTime=${now - 7 * 3600}`,
        auth,
      );
      if ((deep.body as { meta?: { count: number } }).meta?.count === 100) pools.push(pool);
    }
    if (pools.length > 0) return { token, pools, now, notable };
  }
  throw new Error("no token with 100 one-minute candles seven hours back in the embedded market");
}

// Unique keys: request n reads pool n mod P, endTime walking back one second per round from 1 h ago; run r takes
// every K-th second (offset r), so all runs read the same stretch of history with full 100-candle pages and no run
// reuses another's key.
const K = 6;
const SPAN = 5 * 3600;

const ms = (x: number) => x.toFixed(3);
const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : "–");

async function main() {
  const up = await startChild<{ baseUrl: string; cpuUrl: string }>("upstream-child.ts", { BENCH_KEY: KEY });
  const px = await startChild<{ url: string }>("proxy-child.ts", { BENCH_UPSTREAM: up.info.baseUrl, BENCH_KEY: KEY });
  const stops = [px.stop, up.stop];
  try {
    const { token, pools, now, notable } = await pickToken(up.info.baseUrl);
    const query = `${token}&pools=${pools[0]}&interval=1m&limit=100`;
    const end0 = now - 3600;
    const fixed = `/v1/token/ohlcv?${query}&endTime=${end0 + 60}`;
    const direct = await getJson(`${up.info.baseUrl}${fixed}`, auth);
    const file = join(tmpdir(), `proxy-bench-${process.pid}.json`);
    writeFileSync(file, direct.text);
    const bare = await startChild<{ url: string }>("bare-child.ts", { BENCH_BODY_FILE: file });
    stops.unshift(async () => {
      await bare.stop();
      rmSync(file, { force: true });
    });

    let runIndex = 0;
    const overflow: string[] = [];
    const unique = (prefix: string, label: string) => {
      const r = runIndex++ % K;
      return (n: number) => {
        const m = Math.floor(n / pools.length);
        if (m * K >= SPAN && !overflow.includes(label)) overflow.push(label);
        const q = `${token}&pools=${pools[n % pools.length]}&interval=1m&limit=100`;
        return `${prefix}/v1/token/ohlcv?${q}&endTime=${end0 - ((m * K + r) % SPAN)}`;
      };
    };
    const results: Record<string, Record<string, RunResult>> = {};
    for (const connections of [1, 16]) {
      const simCpu = up.info.cpuUrl;
      const pxCpu = `${px.info.url}/__cpu`;
      const cases: Record<
        string,
        { url: string; path: (n: number) => string; headers?: Record<string, string>; cpu: string[] }
      > = {
        bare: { url: bare.info.url, path: () => "/", cpu: [`${bare.info.url}/__cpu`] },
        directFixed: { url: up.info.baseUrl, path: () => fixed, headers: auth, cpu: [simCpu] },
        directMiss: { url: up.info.baseUrl, path: unique("", "direct"), headers: auth, cpu: [simCpu] },
        relayMiss: { url: px.info.url, path: unique("/relay", "relay"), cpu: [pxCpu, simCpu] },
        proxyMiss: { url: px.info.url, path: unique("/api", "proxy"), cpu: [pxCpu, simCpu] },
        proxyHit: { url: px.info.url, path: () => `/api${fixed}`, cpu: [pxCpu] },
        proxyHitWeb: { url: px.info.url, path: () => `/web/api${fixed}`, cpu: [pxCpu] },
      };
      const row: Record<string, RunResult> = {};
      for (const [name, c] of Object.entries(cases)) {
        // Warm-up (JIT, keep-alive sockets; the miss path needs a few thousand calls to reach steady state here); the
        // miss cases warm up on keys older than any measured one.
        const warm = name.endsWith("Miss")
          ? { ...c, path: (n: number) => c.path(n).replace(/endTime=\d+/, `endTime=${end0 - SPAN - 1 - n}`) }
          : c;
        await run({ ...warm, connections, durationSec: name.endsWith("Miss") ? pick(4, 1) : 1 });
        row[name] = await run({ ...c, connections, durationSec: SECONDS });
      }
      results[connections] = row;
    }
    const co = await coalesce(
      up.info.baseUrl,
      px.info.url,
      `/api/v1/token/ohlcv?${query}&endTime=${end0 - 2 * SPAN - 12_345}`,
      auth,
    );
    const inproc = await inProcessMiss(
      bare.info.url,
      (n) =>
        `/v1/token/ohlcv?${token}&pools=${pools[n % pools.length]}&interval=1m&limit=100&endTime=${end0 - 10 * SPAN - n}`,
    );
    const env = await envelopeCost(up.info.baseUrl, auth, notable, query, end0);
    report(results, co, env, inproc, direct.text.length, overflow);
  } finally {
    for (const stop of stops) await stop();
  }
}

const CPU_NAMES: Record<string, string[]> = {
  bare: ["bare"],
  directFixed: ["service"],
  directMiss: ["service"],
  relayMiss: ["relay", "service"],
  proxyMiss: ["proxy", "service"],
  proxyHit: ["proxy"],
  proxyHitWeb: ["proxy"],
};

const LABELS: Record<string, string> = {
  bare: "bare node:http (same bytes)",
  directFixed: "service direct, one key",
  directMiss: "service direct, unique keys",
  relayMiss: "bare relay hop, unique keys",
  proxyMiss: "proxy, cache miss (unique keys)",
  proxyHit: "proxy, cache hit (one key)",
  proxyHitWeb: "proxy hit via web Request/Response",
};

function report(
  results: Record<string, Record<string, RunResult>>,
  co: Awaited<ReturnType<typeof coalesce>>,
  env: Awaited<ReturnType<typeof envelopeCost>>,
  inproc: Awaited<ReturnType<typeof inProcessMiss>>,
  bytes: number,
  overflow: string[],
) {
  const load = loadavg()
    .map((x) => x.toFixed(1))
    .join(" ");
  console.log(
    `\nREST proxy benchmark — ${SECONDS} s per case; body ${bytes} bytes (GET /v1/token/ohlcv, 100 candles); load average ${load}\n`,
  );
  for (const [connections, row] of Object.entries(results)) {
    console.log(`connections=${connections}`);
    console.log(
      `  ${"case".padEnd(38)} ${"req/s".padStart(8)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"non-2xx".padStart(8)}  CPU µs/request`,
    );
    for (const [name, r] of Object.entries(row)) {
      const cpu = r.cpuUs.map((c, i) => `${CPU_NAMES[name][i]} ${c.toFixed(0)}`).join(" + ");
      const cols = `${r.rps.toFixed(0).padStart(8)} ${ms(r.p50).padStart(8)} ${ms(r.p99).padStart(8)} ${String(r.non2xx).padStart(8)}`;
      console.log(`  ${LABELS[name].padEnd(38)} ${cols}  ${cpu}`);
    }
    const { bare, directFixed: dF, directMiss: dM, relayMiss: rM, proxyMiss: pM, proxyHit: pH, proxyHitWeb: pW } = row;
    console.log(
      `  miss: added p50 ${ms(pM.p50 - dM.p50)} ms (hop ${ms(rM.p50 - dM.p50)} + proxy work ${ms(pM.p50 - rM.p50)}), added p99 ${ms(pM.p99 - dM.p99)} ms; req/s proxy/direct ${ratio(pM.rps, dM.rps)}, proxy/relay ${ratio(pM.rps, rM.rps)}`,
    );
    console.log(
      `  hit:  req/s proxy/direct ${ratio(pH.rps, dF.rps)}, proxy/bare ${ratio(pH.rps, bare.rps)}, web/plain ${ratio(pW.rps, pH.rps)}; p50 proxy/bare ${ratio(pH.p50, bare.p50)}`,
    );
    console.log(
      `  CPU per request: proxy miss ${pM.cpuUs[0].toFixed(0)} µs (bare relay ${rM.cpuUs[0].toFixed(0)} µs, service ${dM.cpuUs[0].toFixed(0)} µs), proxy hit ${pH.cpuUs[0].toFixed(0)} µs (bare ${bare.cpuUs[0].toFixed(0)} µs)`,
    );
    console.log(`  service direct vs bare: req/s ${ratio(dF.rps, bare.rps)}, p50 ${ratio(dF.p50, bare.p50)}\n`);
  }
  if (overflow.length)
    console.log(`  note: unique-key runs wrapped around (${overflow.join(", ")}): some "misses" were hits\n`);
  console.log(
    `coalescing: 1000 concurrent identical requests, upstream slowed to 300 ms → ${co.upstreamCalls} upstream call(s), ${co.wallMs.toFixed(0)} ms; ${JSON.stringify(co.tally)}`,
  );
  console.log(
    `\nproxy work on a miss without the extra hop (in process, sequential, vs a plain undici call to the bare server): p50 ${ms(inproc.rawP50)} → ${ms(inproc.proxyP50)} ms (+${ms(inproc.proxyP50 - inproc.rawP50)}), p99 ${ms(inproc.rawP99)} → ${ms(inproc.proxyP99)} ms, CPU ${inproc.rawCpuUs.toFixed(0)} → ${inproc.proxyCpuUs.toFixed(0)} µs`,
  );
  console.log("\nenvelope check per response (µs): full zod pass vs the proxy's check (sampled above 64 rows)");
  for (const e of env)
    console.log(
      `  ${e.name.padEnd(34)} full ${e.fullUs.toFixed(0).padStart(6)}  proxy ${e.proxyUs.toFixed(0).padStart(6)}  ${ratio(e.proxyUs, e.fullUs)}`,
    );
  console.log("");
  for (const [connections, row] of Object.entries(results)) {
    for (const p of ["p50", "p99"] as const)
      figure({
        id: `miss.added-${p}.c${connections}`,
        label: `proxy cache miss ${p}, ${connections} connection(s)`,
        value: row.proxyMiss[p],
        unit: "ms",
        baseline: { label: "market called directly", value: row.directMiss[p] },
        target: { of: "delta", op: "<=", limit: p === "p50" ? 1 : 5 },
      });
    figure({
      id: `hit.rps.c${connections}`,
      label: `proxy cache hit req/s, ${connections} connection(s)`,
      value: row.proxyHit.rps,
      unit: "req/s",
      baseline: { label: "bare node:http, same bytes", value: row.bare.rps },
      target: { of: "ratio", op: ">=", limit: 0.25 },
    });
  }
  figure({
    id: "coalesce",
    label: "upstream calls for 1,000 concurrent identical requests",
    value: co.upstreamCalls,
    unit: "calls",
    target: { of: "value", op: "<=", limit: 1 },
  });
}

await main();
