import { writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { processCpuMs } from "./lib/proc-cpu";
import { figure, pick } from "./lib/report";
import { fixedRate, type LoadResult } from "./sim-rest/load";
import type { LongRunReport } from "./sim-rest/long-run-report";
import { startChild } from "./sim-rest/spawn";
import { measureThroughput } from "./sim-rest/throughput";

// Embedded market service benchmark: start-up with history, events generated and indexed per second (vs an
// allocation-only baseline), p50/p99 of tape and candle requests at 200 req/s (vs a bare node:http server
// returning the same bytes; p50 ≤ 10× bare on a miss), and RSS after a long accelerated run.
//   node_modules/.bin/tsx bench/sim-rest.ts           (SIM_BENCH_HOURS=6, SIM_BENCH_LOAD_SEC=10)

const HOURS = Number(process.env.SIM_BENCH_HOURS ?? pick(6, 1));
const LOAD_SEC = Number(process.env.SIM_BENCH_LOAD_SEC ?? pick(10, 3));
const RATE = 200;

const f = (n: number, d = 1) => n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
const row = (cells: string[], widths: number[]) =>
  console.log(cells.map((c, i) => c.padStart(widths[i] ?? 12)).join("  "));

console.log(
  `machine: ${cpus().length} cores, load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(" / ")} (shared)`,
);
console.log("\n== start-up to first served request with history ==");
type SimInfo = {
  baseUrl: string;
  key: string;
  serviceMs: number;
  firstMs: number;
  firstCpuMs: number;
  sinceProcessMs: number;
  candles: string;
  tape: string;
  firstCandles: number;
  trades: number;
};
const sim = await startChild<SimInfo>("sim-child.ts");
const s = sim.info;
console.log(
  `service ready ${f(s.serviceMs, 0)} ms, first candle request (200 hourly candles of an established token) answered at ${f(s.firstMs, 0)} ms`,
);
console.log(
  `since process start (incl. loading the TypeScript): ${f(s.sinceProcessMs, 0)} ms; CPU time to the first answer ${f(s.firstCpuMs, 0)} ms; warm-up indexed ${s.trades} trades     target ≤ 5000 ms`,
);
figure({
  id: "startup",
  label: "market start-up to first answer with history (process start)",
  value: s.sinceProcessMs,
  unit: "ms",
  target: { of: "value", op: "<=", limit: 5_000 },
  note: `service ready ${f(s.serviceMs, 0)} ms; ${s.trades} trades of history indexed`,
});

console.log("\n== events generated and indexed per second (engine + index, virtual clock) ==");
const tp = measureThroughput(pick(30, 10));
const evRate = (tp.events / tp.ms) * 1000;
const baseRate = (tp.events / tp.baselineMs) * 1000;
const cpuRate = (tp.events / tp.cpuMs) * 1000;
const baseCpuRate = (tp.events / tp.baselineCpuMs) * 1000;
const T = [28, 14, 14, 16, 16, 10];
row(["", "events/s", "trades/s", "events/cpu-s", "trades/cpu-s", "ratio"], T);
row(
  [
    "market (generate + index)",
    f(evRate, 0),
    f((tp.trades / tp.ms) * 1000, 0),
    f(cpuRate, 0),
    f((tp.trades / tp.cpuMs) * 1000, 0),
    "1.00",
  ],
  T,
);
row(["baseline (allocate only)", f(baseRate, 0), "—", f(baseCpuRate, 0), "—", f(baseRate / evRate, 1)], T);
console.log(
  `${tp.virtualMinutes} virtual minutes: ${tp.events} events, ${tp.trades} trades in ${f(tp.ms, 0)} ms ` +
    `(${f(tp.trades / (tp.virtualMinutes * 60), 1)} trades/s of market time)     target ≥ 2,000 trades/s indexed`,
);

figure({
  id: "indexed-trades",
  label: "trades generated and indexed per second (engine + index)",
  value: (tp.trades / tp.ms) * 1000,
  unit: "trades/s",
  target: { of: "value", op: ">=", limit: 2_000 },
  note: `${f(evRate, 0)} events/s vs ${f(baseRate, 0)} events/s allocating the same events only`,
});

console.log(
  `\n== cache-miss latency at ${RATE} req/s for ${LOAD_SEC} s (autocannon, loopback, 20 connections; every request a new key) ==`,
);
const headers = { authorization: s.key };
const bodies: Record<string, string> = {};
for (const [name, path] of [
  ["/tape", s.tape],
  ["/candles", s.candles],
] as const) {
  bodies[name] = await (await fetch(`${s.baseUrl}${path}`, { headers })).text();
}
const file = join(tmpdir(), `sim-rest-bodies-${process.pid}.json`);
writeFileSync(file, JSON.stringify(bodies));
const bare = await startChild<{ baseUrl: string }>("bare-child.ts", [file]);
// CPU per request from /proc: the sim process also runs the market (its idle cost is measured first).
const idleCpu0 = processCpuMs(sim.proc.pid as number);
await new Promise((r) => setTimeout(r, 5000));
const simIdleCpuPerSec = (processCpuMs(sim.proc.pid as number) - idleCpu0) / 5;
// Every request a new key (a page the market's caches have not seen): tape pages ending at another millisecond,
// candle pages ending at another second. The bare server answers the same bytes for each.
const results: { name: string; a: LoadResult; b: LoadResult; aCpu: number; bCpu: number }[] = [];
const T_MS = Date.now() - 60_000;
const T_SEC = Math.floor(T_MS / 1000) - 3600;
for (const [name, path, unique] of [
  ["tape (limit 100)", s.tape, (n: number) => `${s.tape}&toAt=${T_MS - n * 997}`],
  ["candles (1h, limit 200)", s.candles, (n: number) => `${s.candles}&endTime=${T_SEC - n}`],
] as const) {
  const c0 = processCpuMs(sim.proc.pid as number);
  const t0 = performance.now();
  const a = await fixedRate(`${s.baseUrl}${path}`, RATE, LOAD_SEC, headers, unique);
  const simCpu = processCpuMs(sim.proc.pid as number) - c0 - (simIdleCpuPerSec * (performance.now() - t0)) / 1000;
  const b0 = processCpuMs(bare.proc.pid as number);
  const b = await fixedRate(
    `${bare.info.baseUrl}${path.startsWith("/v1/token/trades") ? "/tape" : "/candles"}`,
    RATE,
    LOAD_SEC,
  );
  const bareCpu = processCpuMs(bare.proc.pid as number) - b0;
  results.push({ name, a, b, aCpu: simCpu / a.count, bCpu: bareCpu / b.count });
}
const W = [24, 10, 10, 10, 10, 10, 12, 12];
row(["", "sim p50", "sim p99", "bare p50", "bare p99", "sim rps", "sim cpu/req", "bare cpu/req"], W);
for (const { name, a, b, aCpu, bCpu } of results)
  row(
    [
      name,
      `${f(a.p50, 2)} ms`,
      `${f(a.p99, 2)} ms`,
      `${f(b.p50, 2)} ms`,
      `${f(b.p99, 2)} ms`,
      f(a.rps, 0),
      `${f(aCpu, 3)} ms`,
      `${f(bCpu, 3)} ms`,
    ],
    W,
  );
console.log(
  `sizes: tape ${f(bodies["/tape"]?.length ?? 0, 0)} B, candles ${f(bodies["/candles"]?.length ?? 0, 0)} B; non-2xx: ${results.map((r) => r.a.non2xx).join(", ")}; ` +
    `market idle cost ${f(simIdleCpuPerSec / 10, 1)} % of a core`,
);
for (const { name, a, b } of results) {
  for (const p of ["p50", "p99"] as const)
    figure({
      id: `rest.${name.split(" ")[0]}.${p}`,
      label: `market REST ${name} ${p}, cache misses at ${RATE} req/s`,
      value: a[p],
      unit: "ms",
      baseline: { label: "bare node:http, same bytes", value: b[p] },
      // A miss computes the page (3-7x bare here); 10x catches work per request that does not belong on the
      // read path (a tape refill on every read once cost 60x), not the machine's noise.
      target: p === "p50" ? { of: "ratio", op: "<=", limit: 10 } : undefined,
      note:
        p === "p99"
          ? `CPU ${f(results.find((r) => r.name === name)?.aCpu ?? Number.NaN, 3)} ms per request`
          : undefined,
    });
}
await bare.stop();
await sim.stop();

const HEAP_LIMIT_MB = Number(process.env.SIM_BENCH_HEAP_MB ?? 400);
console.log(
  `\n== memory after a long accelerated run (${HOURS} virtual hours at default rates, --max-old-space-size=${HEAP_LIMIT_MB}) ==`,
);
const long = await startChild<LongRunReport>(
  "long-run.ts",
  [String(HOURS)],
  ["--expose-gc", `--max-old-space-size=${HEAP_LIMIT_MB}`],
);
const L = long.info;
const M = [6, 12, 14, 16, 10];
row(["hour", "trades", "heap used MB", "heap committed", "RSS MB"], M);
for (const x of L.samples)
  row([String(x.hour), String(x.trades), f(x.heapMb, 0), f(x.heapTotalMb, 0), f(x.rssMb, 0)], M);
console.log(
  `${L.trades} trades, ${L.events} events in ${f(L.elapsedMs / 1000, 1)} s; held: ${JSON.stringify(L.state)}`,
);
console.log(`caps: ${JSON.stringify(L.caps)}`);
for (const d of L.busiestTapes)
  console.log(
    `tape of ${d.token} (${d.tradesLastHour} trades in the last hour): ${d.rows} rows, back ${f(d.reachesHours, 2)} h`,
  );
const lastSample = L.samples.at(-1);
figure({
  id: "long-run.heap",
  label: `heap used after ${HOURS} virtual hours`,
  value: lastSample?.heapMb ?? null,
  unit: "MB",
  target: { of: "value", op: "<", limit: HEAP_LIMIT_MB },
  note: `RSS ${f(lastSample?.rssMb ?? Number.NaN, 0)} MB`,
});
await long.stop();
