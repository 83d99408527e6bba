// `npm run bench`: runs every benchmark, prints one table, writes bench/results/latest.json, exits 1 on a miss.
//
//   npm run bench                      every benchmark, full length (the figures a note may quote)
//   npm run bench -- --quick           every benchmark, shortened (~3 minutes): a smoke run, not figures to quote
//   npm run bench -- proxy gateway     only these (names are the files bench/<name>.ts)
//   npm run bench -- --list            the benchmarks it would run
//
// Contract of a benchmark module (bench/<name>.ts; its helpers live in bench/<name>/ or bench/lib/):
//  1. The runner discovers it: every bench/*.ts except this file is a benchmark, run in alphabetical order, each in
//     its own process (`tsx bench/<name>.ts`), so none inherits another's heap, timers or JIT state.
//  2. It is self-contained: it starts whatever it measures (servers on port 0 or on ports from bench/lib/ports.ts,
//     Chromium, a production build through bench/lib/app.ts) and stops all of it before exiting.
//  3. It reports through bench/lib/report.ts: `figure({ id, label, value, unit, baseline?, target?, note? })` once
//     per figure. `baseline` is the reference measured in the same run (bare node:http, the library alone, the
//     service called directly, …); `target` is `{ of: "ratio" | "delta" | "value", op, limit }`. Targets are ratios
//     (figure ÷ baseline) wherever a baseline exists; `delta` is figure − baseline ("added latency"); `value` is for
//     absolute bounds the issue sets (bytes, fps, frames). A figure that could not be measured is `value: null`,
//     which misses its target: an unmeasured figure never passes.
//  4. It reads `quick` / `pick(full, smoke)` from bench/lib/report.ts to shorten itself under --quick (BENCH_QUICK=1).
//     The whole quick run should stay near 3 minutes on 2 cores, so a benchmark's quick share is ~20–40 s.
//  5. Its exit code means "the benchmark ran": 0 when it measured (whatever the verdicts), non-zero when it broke.
//     A broken benchmark is a miss in the table. Run on its own (no BENCH_REPORT), it exits 1 on a miss itself.
//  6. Environment it gets: BENCH_REPORT (JSON-lines file to append figures to), BENCH_NAME, BENCH_QUICK ("1" or
//     unset). Anything else it prints goes to the terminal as it runs (progress, detail tables).
//  7. Time limit: 40 min per benchmark (8 min under --quick; BENCH_TIMEOUT_MIN overrides); over it, the process
//     group is killed and the benchmark counts as broken.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Figure, num, targetText } from "./lib/report";

const root = fileURLToPath(new URL("..", import.meta.url));
const argv = process.argv.slice(2);
const quick = argv.includes("--quick");
const available = readdirSync(path.join(root, "bench"))
  .filter((f) => f.endsWith(".ts") && f !== "run.ts" && !f.endsWith(".test.ts") && !f.endsWith(".d.ts"))
  .map((f) => f.slice(0, -3))
  .sort();
const asked = argv.filter((a) => !a.startsWith("-"));
const unknown = asked.filter((n) => !available.includes(n));
if (unknown.length) {
  console.error(`Unknown benchmark: ${unknown.join(", ")}. Known: ${available.join(", ")}`);
  process.exit(2);
}
const names = asked.length ? asked : available;
if (argv.includes("--list")) {
  console.log(names.join("\n"));
  process.exit(0);
}
const tsx = path.join(root, "node_modules/.bin/tsx");
if (!existsSync(tsx)) {
  console.error("Dependencies are missing. Run: npm install");
  process.exit(2);
}

const timeoutMin = Number(process.env.BENCH_TIMEOUT_MIN ?? (quick ? 8 : 40));
const load = () => loadavg().map((x) => Number(x.toFixed(2)));

interface BenchRun {
  name: string;
  exit: number | string;
  seconds: number;
  figures: Figure[];
  error?: string;
}

function runOne(name: string, reportFile: string): Promise<{ exit: number | string; timedOut: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(tsx, [path.join(root, "bench", `${name}.ts`), ...(quick ? ["--quick"] : [])], {
      cwd: root,
      stdio: "inherit",
      detached: true,
      env: {
        ...process.env,
        BENCH_REPORT: reportFile,
        BENCH_NAME: name,
        BENCH_QUICK: quick ? "1" : "",
      },
    });
    let timedOut = false;
    const killGroup = (signal: NodeJS.Signals) => {
      try {
        if (child.pid) process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      console.error(`\n${name}: over ${timeoutMin} min, stopping it`);
      killGroup("SIGTERM");
      setTimeout(() => killGroup("SIGKILL"), 5_000).unref();
    }, timeoutMin * 60_000);
    const onSigint = () => {
      killGroup("SIGTERM");
      process.exit(130);
    };
    process.once("SIGINT", onSigint);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      process.off("SIGINT", onSigint);
      // Whatever the benchmark left behind in its group (a browser, a server) goes with it.
      killGroup("SIGKILL");
      resolve({ exit: code ?? signal ?? "?", timedOut });
    });
  });
}

function readFigures(file: string): Figure[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Figure);
}

function table(runs: BenchRun[]): string {
  const rows: string[][] = [["bench", "figure", "value", "baseline", "ratio", "target", "result"]];
  for (const r of runs) {
    for (const f of r.figures) {
      const rel = f.target?.of === "delta" ? `+${num(f.delta)}` : f.ratio !== null ? `×${num(f.ratio)}` : "";
      rows.push([
        r.name,
        f.label,
        `${num(f.value)} ${f.unit}`,
        f.baseline ? `${num(f.baseline.value)} (${f.baseline.label})` : "",
        rel,
        targetText(f.target, f.unit),
        f.verdict === "info" ? "" : f.verdict.toUpperCase(),
      ]);
    }
    if (r.error) rows.push([r.name, "(benchmark run)", "", "", "", "runs to the end", `MISS: ${r.error}`]);
  }
  const widths = rows[0].map((_, c) =>
    Math.min(c === 1 ? 64 : c === 3 ? 40 : 99, Math.max(...rows.map((x) => x[c].length))),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, c) => {
        const w = widths[c];
        const s = cell.length > w ? `${cell.slice(0, w - 1)}…` : cell;
        return c === 2 || c === 4 ? s.padStart(w) : s.padEnd(w);
      })
      .join("  ")
      .trimEnd();
  return [line(rows[0]), widths.map((w) => "─".repeat(w)).join("  "), ...rows.slice(1).map(line)].join("\n");
}

function gitHead(): { commit: string; dirty: boolean } {
  const git = (args: string[]) => spawnSync("git", args, { cwd: root, encoding: "utf8" }).stdout?.trim() ?? "";
  return { commit: git(["rev-parse", "HEAD"]), dirty: git(["status", "--porcelain", "--untracked-files=no"]) !== "" };
}

const startedAt = new Date();
const loadStart = load();
const work = path.join(tmpdir(), `bench-${process.pid}`);
mkdirSync(work, { recursive: true });
const runs: BenchRun[] = [];
console.log(
  `Benchmarks${quick ? " (quick smoke: shortened, not figures to quote)" : ""}: ${names.join(", ")}\n` +
    `machine: ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, load average ${loadStart.join(" ")}`,
);
for (const name of names) {
  console.log(`\n━━ bench/${name}.ts ${"━".repeat(Math.max(0, 60 - name.length))}`);
  const file = path.join(work, `${name}.jsonl`);
  const t0 = performance.now();
  const { exit, timedOut } = await runOne(name, file);
  const figures = readFigures(file);
  const run: BenchRun = { name, exit, seconds: Math.round((performance.now() - t0) / 100) / 10, figures };
  if (timedOut) run.error = `stopped after ${timeoutMin} min`;
  else if (exit !== 0) run.error = `exited ${exit}`;
  else if (figures.length === 0) run.error = "reported no figure";
  runs.push(run);
}
rmSync(work, { recursive: true, force: true });

const all = runs.flatMap((r) => r.figures);
const missed = all.filter((f) => f.verdict === "miss");
const broken = runs.filter((r) => r.error);
const finishedAt = new Date();
console.log(
  `\n━━ Report ${quick ? "(quick smoke) " : ""}━━ ${finishedAt.toISOString()} · load average at start ${loadStart.join(" ")}, at end ${load().join(" ")}\n`,
);
console.log(table(runs));
const resultsDir = path.join(root, "bench", "results");
mkdirSync(resultsDir, { recursive: true });
const out = {
  schema: 1,
  quick,
  only: asked.length ? asked : undefined,
  startedAt: startedAt.toISOString(),
  finishedAt: finishedAt.toISOString(),
  git: gitHead(),
  machine: {
    cpus: cpus().length,
    model: cpus()[0]?.model,
    memGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  },
  loadavg: { start: loadStart, end: load() },
  pass: missed.length === 0 && broken.length === 0,
  counts: {
    figures: all.length,
    targets: all.filter((f) => f.target).length,
    missed: missed.length,
    broken: broken.length,
  },
  benches: runs,
};
writeFileSync(path.join(resultsDir, "latest.json"), `${JSON.stringify(out, null, 2)}\n`);
const targets = all.filter((f) => f.target).length;
console.log(
  `\n${targets - missed.length}/${targets} targets met${missed.length ? `, ${missed.length} missed` : ""}${broken.length ? `, ${broken.length} benchmark(s) broke: ${broken.map((b) => b.name).join(", ")}` : ""}` +
    ` · ${all.length} figures · written to bench/results/latest.json · ${Math.round((finishedAt.getTime() - startedAt.getTime()) / 1000)} s`,
);
process.exit(out.pass ? 0 : 1);
