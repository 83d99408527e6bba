// Server memory under page renders: does what the server keeps level off, or grow with every render?
// The production server renders the board (`/`, `/pulse`) and the token page of two tokens, 8 at a time: a warm-up
// (every route's code loaded), then two rounds of the same number of renders. After each round the server's heap is
// collected (through its inspector) and its live size read: a server that keeps something per render (a timer holding
// each render's query cache did: ~0.4 MB per board render) grows by it in every round; one that keeps nothing does
// not. Target: ≤ 16 MB of live heap added by a round (baseline: the round before). RSS beside it, against the cold
// server's: after the 4,500 renders ≤ 2× cold, and its peak while rendering (sampled every 100 ms) ≤ cold + 150 MB.
// MALLOC_ARENA_MAX, when set, goes to the server (glibc's default is 8 arenas per core) to compare allocators.
// BENCH_SERVER_NODE_ARGS (e.g. "--max-semi-space-size=8") goes to the server's node command line to compare V8 settings.
// Run: node_modules/.bin/tsx bench/ssr-memory.ts [--quick]
import { readFileSync } from "node:fs";
import { freePort, startApp } from "./lib/app";
import { processCpuMs } from "./lib/proc-cpu";
import { liveHeapMb } from "./lib/inspector";
import { figure, pick } from "./lib/report";

const RENDERS = pick(1_500, 600);
const CONCURRENCY = 8;
const LIMIT_MB = 16;
const RSS_AFTER_LIMIT = 2;
const RSS_PEAK_LIMIT_MB = 150;

type Notable = Record<string, { chain?: string; address: string } | null>;

const rssMb = (pid: number) =>
  Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)?.[1] ?? Number.NaN) / 1024;

async function renders(base: string, paths: string[], n: number): Promise<number> {
  let next = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, c) => {
      while (next < n) {
        const i = next++;
        // Each client its own address, as visitors are (the rate limiter keys on it).
        const res = await fetch(`${base}${paths[i % paths.length]}`, {
          headers: { "x-forwarded-for": `10.77.${c}.${i & 255}` },
        });
        await res.arrayBuffer();
        if (res.status !== 200) failed++;
      }
    }),
  );
  return failed;
}

async function main() {
  const inspectorPort = await freePort();
  const arenas = process.env.MALLOC_ARENA_MAX || "glibc's default";
  const serverArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const app = await startApp({ TRUST_PROXY: "1" }, [`--inspect=127.0.0.1:${inspectorPort}`, ...serverArgs]);
  const pid = app.proc.pid;
  if (pid === undefined) throw new Error("server.ts has no pid");
  try {
    const notable = ((await (await fetch(`${app.sim}/__control/state`)).json()) as { data: { notable: Notable } }).data
      .notable;
    const tokens = [notable.establishedToken, notable.bondingToken ?? notable.baseToken].filter(
      (t): t is { chain: string; address: string } => !!t?.chain,
    );
    const paths = ["/", "/pulse", ...tokens.map((t) => `/token/${t.chain}/${t.address}`)];
    const rss = [rssMb(pid)];
    const heap: number[] = [];
    let failed = 0;
    let peak = rss[0] as number;
    const roundMs: number[] = [];
    const roundCpuMs: number[] = [];
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(pid));
    }, 100);
    try {
      for (let round = 0; round < 3; round++) {
        const t0 = performance.now();
        const cpu0 = processCpuMs(pid);
        failed += await renders(app.base, paths, RENDERS);
        roundMs.push(performance.now() - t0);
        roundCpuMs.push(processCpuMs(pid) - cpu0);
        rss.push(rssMb(pid));
        heap.push(await liveHeapMb(inspectorPort));
      }
    } finally {
      clearInterval(sampler);
    }
    const [warm, first, second] = heap as [number, number, number];
    const f0 = (n: number) => n.toFixed(0);
    console.log(
      `\n${RENDERS} renders per round over ${paths.length} pages, ${CONCURRENCY} at a time (warm-up, round 1, round 2):`,
    );
    console.log(`  live heap after a full collection: ${heap.map((h) => `${h.toFixed(1)} MB`).join(" → ")}`);
    console.log(
      `  each round: ${roundMs.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(", ")}; server CPU per render ${roundCpuMs.map((ms) => `${(ms / RENDERS).toFixed(1)} ms`).join(", ")}; node flags: ${serverArgs.join(" ") || "none"}`,
    );
    console.log(
      `  RSS: ${rss.map(f0).join(" → ")} MB (cold first), peak ${f0(peak)} MB; MALLOC_ARENA_MAX=${arenas}; ${failed} renders not 200`,
    );
    figure({
      id: "heap.live-added.round",
      label: `live heap added by ${RENDERS} page renders (board and token pages), after a full collection`,
      value: failed === 0 ? second - first : null,
      unit: "MB",
      baseline: { label: "added by the round before", value: first - warm },
      target: { of: "value", op: "<=", limit: LIMIT_MB },
    });
    figure({
      id: "rss.after-renders",
      label: `server RSS after ${3 * RENDERS} page renders`,
      value: rss[3] ?? null,
      unit: "MB",
      baseline: { label: "cold", value: rss[0] ?? null },
      target: { of: "ratio", op: "<=", limit: RSS_AFTER_LIMIT },
      note: `after each round: ${rss.slice(1).map(f0).join(", ")} MB; MALLOC_ARENA_MAX=${arenas}`,
    });
    figure({
      id: "rss.peak",
      label: `server RSS at its peak over ${3 * RENDERS} page renders (sampled every 100 ms)`,
      value: peak,
      unit: "MB",
      baseline: { label: "cold", value: rss[0] ?? null },
      target: { of: "delta", op: "<=", limit: RSS_PEAK_LIMIT_MB },
      note: `MALLOC_ARENA_MAX=${arenas}`,
    });
  } finally {
    await app.stop();
  }
}

await main();
