// REST proxy on the production path, side by side in one run: the real server.ts (production build, Next route
// handler, proxy.ts middleware, rate limiter on) with the embedded market as its upstream over HTTP (its own
// process), against the market called directly, and a bare node:http server returning the same bytes.
//  - miss: every request a new key (a miss in the app's cache and in the market's page cache);
//  - hit: one key, fresh in the app's cache.
// Clients are spread over 2,000 addresses (X-Forwarded-For with TRUST_PROXY=1, as behind nginx), so the rate limiter
// keys, counts and passes every request as it would for real users, each under its own limit.
// Targets: added p50 ≤ 1 ms and added p99 ≤ 5 ms over the market called directly on a miss (1 connection: latency,
// not queueing); hit throughput ≥ 0.5× bare node:http (50 connections); 1,000 concurrent identical requests → 1
// upstream call.
// Run: node_modules/.bin/tsx bench/proxy.ts   [--quick] [BENCH_SECONDS=5]
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Agent, request } from "undici";
import { startApp } from "./lib/app";
import { type CpuProfile, profiling, topSelf } from "./lib/profile";
import { processCpuMs } from "./lib/proc-cpu";
import { figure, pick } from "./lib/report";
import { type RunResult, run } from "./proxy/measure";
import { startChild } from "./proxy/spawn";

const SECONDS = Number(process.env.BENCH_SECONDS ?? pick(5, 1.5));
const CONNECTIONS = [1, 50];
const PROFILE_DIR = "bench/results/proxy-server";
const ADDRESSES = 2_000;
const KEY = `bench-${randomBytes(12).toString("hex")}`;
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
    if (pools.length > 0) return { token, pools, now };
  }
  throw new Error("no token with 100 one-minute candles seven hours back in the embedded market");
}

// Unique keys: request n reads pool n mod P, endTime walking back one second per round from 1 h ago; run r takes
// every K-th second (offset r), so all runs read the same stretch of history with full 100-candle pages and no run
// reuses another's key. Warm-ups read older seconds than any measured run.
const K = 6;
const SPAN = 5 * 3600;

const xff = (n: number) => ({ "x-forwarded-for": `10.${(n % ADDRESSES) >> 8}.${n % 256}.7` });

/** 1,000 concurrent identical requests through the app with the upstream slowed to 300 ms: upstream calls made. */
async function coalesce(upstream: string, app: string, path: string) {
  const faults = (body: unknown) =>
    request(`${upstream}/__control/faults`, {
      method: "PUT",
      headers: { "content-type": "application/json", ...auth },
      body: JSON.stringify(body),
    }).then((r) => r.body.text());
  const calls = async () =>
    ((await getJson(`${app}/api/usage`)).body as { rest: { upstreamCalls: number } }).rest.upstreamCalls;
  await faults({ restLatencyMs: 300 });
  const before = await calls();
  const agent = new Agent({ connections: 1_000 });
  const statuses = await Promise.all(
    Array.from({ length: 1_000 }, async (_, i) => {
      try {
        const r = await request(`${app}${path}`, { dispatcher: agent, headers: xff(i) });
        await r.body.text();
        return String(r.statusCode);
      } catch (e) {
        return (e as { code?: string }).code ?? String(e);
      }
    }),
  );
  const tally: Record<string, number> = {};
  for (const s of statuses) tally[s] = (tally[s] ?? 0) + 1;
  console.log(`coalescing: 1,000 concurrent identical requests → ${JSON.stringify(tally)}`);
  await agent.close();
  await faults({ restLatencyMs: 0 });
  return { upstreamCalls: (await calls()) - before, ok: tally["200"] ?? 0 };
}

async function main() {
  const up = await startChild<{ baseUrl: string; streamUrl: string; key: string; cpuUrl: string }>(
    "upstream-child.ts",
    { BENCH_KEY: KEY },
  );
  const stops: Array<() => Promise<void>> = [up.stop];
  try {
    const app = await startApp(
      {
        MARKET_API_URL: up.info.baseUrl,
        MARKET_STREAM_URL: up.info.streamUrl,
        MARKET_API_KEY: KEY,
        TRUST_PROXY: "1",
        PROXY_RATE_LIMIT_RPS: "20",
        PROXY_RATE_LIMIT_BURST: "60",
      },
      profiling("proxy") ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`] : [],
    );
    stops.unshift(app.stop);
    const appPid = app.proc.pid as number;
    const { token, pools, now } = await pickToken(up.info.baseUrl);
    const query = `${token}&pools=${pools[0]}&interval=1m&limit=100`;
    const end0 = now - 3600;
    const fixed = `/v1/token/ohlcv?${query}&endTime=${end0 + 60}`;
    const direct = await getJson(`${up.info.baseUrl}${fixed}`, auth);
    const viaApp = await request(`${app.base}/api${fixed}`, { headers: xff(0) });
    const appText = await viaApp.body.text();
    const same = (a: string, b: string) => JSON.stringify(JSON.parse(a).data) === JSON.stringify(JSON.parse(b).data);
    if (viaApp.statusCode !== 200 || !same(appText, direct.text))
      throw new Error(
        `the app does not pass the market's answer through (${viaApp.statusCode}): ${appText.slice(0, 300)}`,
      );
    const apiHeaders = viaApp.headers;
    const file = join(tmpdir(), `proxy-bench-${process.pid}.json`);
    writeFileSync(file, direct.text);
    const bare = await startChild<{ url: string }>("bare-child.ts", { BENCH_BODY_FILE: file });
    stops.unshift(async () => {
      await bare.stop();
      rmSync(file, { force: true });
    });

    let runIndex = 0;
    let wrapped = false;
    const unique = (prefix: string) => {
      const r = runIndex++ % K;
      return (n: number) => {
        const m = Math.floor(n / pools.length);
        if (m * K >= SPAN) wrapped = true;
        const q = `${token}&pools=${pools[n % pools.length]}&interval=1m&limit=100`;
        return `${prefix}/v1/token/ohlcv?${q}&endTime=${end0 - ((m * K + r) % SPAN)}`;
      };
    };
    const simCpu = up.info.cpuUrl;
    const results: Record<number, Record<string, RunResult & { appCpuUs?: number }>> = {};
    for (const connections of CONNECTIONS) {
      const cases: Record<
        string,
        {
          url: string;
          path: (n: number) => string;
          headers?: Record<string, string>;
          headersFor?: (n: number) => Record<string, string>;
          cpu: string[];
          app?: boolean;
        }
      > = {
        bare: { url: bare.info.url, path: () => "/", cpu: [`${bare.info.url}/__cpu`] },
        directHit: { url: up.info.baseUrl, path: () => fixed, headers: auth, cpu: [simCpu] },
        directMiss: { url: up.info.baseUrl, path: unique(""), headers: auth, cpu: [simCpu] },
        appMiss: { url: app.base, path: unique("/api"), headersFor: xff, cpu: [simCpu], app: true },
        appHit: { url: app.base, path: () => `/api${fixed}`, headersFor: xff, cpu: [simCpu], app: true },
      };
      const row: Record<string, RunResult & { appCpuUs?: number }> = {};
      for (const [name, c] of Object.entries(cases)) {
        process.stderr.write(`  · ${connections} connection(s): ${name}\n`);
        // Warm-up (JIT, keep-alive sockets, Next's route module); the miss cases warm up on older keys.
        const warm = name.endsWith("Miss")
          ? { ...c, path: (n: number) => c.path(n).replace(/endTime=\d+/, `endTime=${end0 - SPAN - 1 - n}`) }
          : c;
        await run({ ...warm, connections, durationSec: name.endsWith("Miss") ? pick(3, 1) : 1 });
        const a0 = processCpuMs(appPid);
        const r = await run({ ...c, connections, durationSec: SECONDS });
        row[name] = c.app ? { ...r, appCpuUs: ((processCpuMs(appPid) - a0) * 1000) / Math.max(1, r.count) } : r;
      }
      results[connections] = row;
    }
    const co = await coalesce(
      up.info.baseUrl,
      app.base,
      `/api/v1/token/ohlcv?${query}&endTime=${end0 - 2 * SPAN - 17}`,
    );
    report(results, co, direct.text.length, wrapped, apiHeaders);
  } finally {
    for (const stop of stops) await stop();
  }
  // BENCH_PROFILE=proxy: where the server's time went over the whole run (node writes one profile per thread as it
  // exits; the main thread's is the one with the most busy samples, the module loader's thread is nearly idle).
  if (profiling("proxy")) {
    const busy = (p: CpuProfile) => {
      const idle = new Set(p.nodes.filter((n) => n.callFrame.functionName === "(idle)").map((n) => n.id));
      return p.samples.filter((id) => !idle.has(id)).length;
    };
    const main = readdirSync(PROFILE_DIR)
      .filter((f) => f.endsWith(".cpuprofile"))
      .map((f) => JSON.parse(readFileSync(join(PROFILE_DIR, f), "utf8")) as CpuProfile)
      .sort((a, b) => busy(b) - busy(a))[0];
    if (main) console.log(`\nserver.ts CPU profile, whole run (self time; ${PROFILE_DIR}):\n${topSelf(main, 20)}`);
  }
}

const LABELS: Record<string, string> = {
  bare: "bare node:http (same bytes)",
  directHit: "market direct, one key",
  directMiss: "market direct, unique keys",
  appMiss: "server.ts /api/v1, cache miss",
  appHit: "server.ts /api/v1, cache hit",
};
const ms = (x: number) => x.toFixed(3);

function report(
  results: Record<number, Record<string, RunResult & { appCpuUs?: number }>>,
  co: { upstreamCalls: number; ok: number },
  bytes: number,
  wrapped: boolean,
  headers: Record<string, unknown>,
) {
  console.log(
    `\nREST proxy on the production path — ${SECONDS} s per case; body ${bytes} bytes (GET /v1/token/ohlcv, 100 candles)`,
  );
  console.log(
    `answer headers via the app: x-cache=${headers["x-cache"]}, CSP ${headers["content-security-policy"] ? "set" : "MISSING"}\n`,
  );
  for (const [connections, row] of Object.entries(results)) {
    console.log(`connections=${connections}`);
    console.log(
      `  ${"case".padEnd(34)} ${"req/s".padStart(8)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"non-2xx".padStart(8)}  CPU µs/request`,
    );
    for (const [name, r] of Object.entries(row)) {
      const cpu = `${r.appCpuUs !== undefined ? `app ${r.appCpuUs.toFixed(0)} + ` : ""}${name === "bare" ? "bare" : "market"} ${r.cpuUs[0]?.toFixed(0)}`;
      const cols = `${r.rps.toFixed(0).padStart(8)} ${ms(r.p50).padStart(8)} ${ms(r.p99).padStart(8)} ${String(r.non2xx).padStart(8)}`;
      console.log(`  ${LABELS[name].padEnd(34)} ${cols}  ${cpu}`);
    }
  }
  if (wrapped) console.log('  note: unique-key runs wrapped around: some "misses" were hits');
  console.log("");
  for (const [connections, row] of Object.entries(results)) {
    const c = Number(connections);
    const errors = row.appMiss.non2xx + row.appHit.non2xx;
    for (const p of ["p50", "p99"] as const)
      figure({
        id: `miss.added-${p}.c${c}`,
        label: `cache miss ${p} through server.ts, ${c} connection${c > 1 ? "s" : ""}`,
        value: row.appMiss.non2xx ? null : row.appMiss[p],
        unit: "ms",
        baseline: { label: "market direct", value: row.directMiss[p] },
        // At 50 connections a closed loop measures queueing on 2 cores; the latency target is set at 1.
        target: c === 1 ? { of: "delta", op: "<=", limit: p === "p50" ? 1 : 5 } : undefined,
        note: errors ? `${errors} non-2xx answers` : undefined,
      });
    for (const p of ["p50", "p99"] as const)
      figure({
        id: `hit.${p}.c${c}`,
        label: `cache hit ${p} through server.ts, ${c} connection${c > 1 ? "s" : ""}`,
        value: row.appHit[p],
        unit: "ms",
        baseline: { label: "market direct, one key", value: row.directHit[p] },
      });
    figure({
      id: `hit.rps.c${c}`,
      label: `cache hit req/s through server.ts, ${c} connection${c > 1 ? "s" : ""}`,
      value: row.appHit.non2xx ? null : row.appHit.rps,
      unit: "req/s",
      baseline: { label: "bare node:http, same bytes", value: row.bare.rps },
      target: c === 50 ? { of: "ratio", op: ">=", limit: 0.5 } : undefined,
      note: `app CPU ${row.appHit.appCpuUs?.toFixed(0)} µs/hit, bare ${row.bare.cpuUs[0]?.toFixed(0)} µs`,
    });
  }
  figure({
    id: "coalesce",
    label: "upstream calls for 1,000 concurrent identical requests (upstream slowed to 300 ms)",
    value: co.ok === 1_000 ? co.upstreamCalls : null,
    unit: "calls",
    target: { of: "value", op: "<=", limit: 1 },
    note: co.ok === 1_000 ? undefined : `${1_000 - co.ok} requests failed`,
  });
}

await main();
