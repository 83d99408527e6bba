import { appendFileSync } from "node:fs";

// The one report every benchmark writes into (the contract is described at the top of bench/run.ts).
// A benchmark calls `figure()` once per measured figure. Under `npm run bench` each figure is appended as one JSON
// line to the file named by BENCH_REPORT and the runner builds the table; run on its own, the benchmark prints the
// same verdict line per figure and exits non-zero when one misses its target.

export type Op = "<=" | ">=" | "<" | ">";

/** What the target is checked against: the figure itself, figure ÷ baseline, or figure − baseline. */
export type TargetOf = "value" | "ratio" | "delta";

export interface Target {
  of: TargetOf;
  op: Op;
  limit: number;
}

export interface FigureInput {
  /** Stable identifier, unique within the benchmark: `miss.added-p50.c1`. */
  id: string;
  /** What a reader sees in the table. */
  label: string;
  /** `null` when it could not be measured (a target on it is then a miss, never a pass). */
  value: number | null;
  unit: string;
  /** The reference measured in the same run, on the same machine, side by side. */
  baseline?: { label: string; value: number | null };
  target?: Target;
  /** One short line of context (what bounds it, a profile's file, …). */
  note?: string;
}

export type Verdict = "pass" | "miss" | "info";

export interface Figure extends FigureInput {
  bench: string;
  ratio: number | null;
  delta: number | null;
  /** The number the target was checked against (value, ratio or delta). */
  checked: number | null;
  verdict: Verdict;
  at: string;
}

const finite = (x: number | null | undefined): x is number => typeof x === "number" && Number.isFinite(x);

function compare(x: number, op: Op, limit: number): boolean {
  switch (op) {
    case "<=":
      return x <= limit;
    case ">=":
      return x >= limit;
    case "<":
      return x < limit;
    case ">":
      return x > limit;
  }
}

/** Ratio, delta and verdict of a figure. A target whose operand is not a finite number is a miss. */
export function judge(bench: string, f: FigureInput, at = new Date()): Figure {
  const base = f.baseline?.value;
  const ratio = finite(f.value) && finite(base) && base !== 0 ? f.value / base : null;
  const delta = finite(f.value) && finite(base) ? f.value - base : null;
  let checked: number | null = null;
  let verdict: Verdict = "info";
  if (f.target) {
    const t = f.target;
    checked = t.of === "value" ? (finite(f.value) ? f.value : null) : t.of === "ratio" ? ratio : delta;
    verdict = checked !== null && compare(checked, t.op, t.limit) ? "pass" : "miss";
  }
  return { ...f, bench, ratio, delta, checked, verdict, at: at.toISOString() };
}

/** Human form of a number: 3 significant digits below 100, thousands separators above. */
export function num(x: number | null | undefined): string {
  if (!finite(x)) return "–";
  const a = Math.abs(x);
  if (a === 0) return "0";
  if (a >= 100) return Math.round(x).toLocaleString("en-US");
  if (a >= 0.01) return Number(x.toPrecision(3)).toString();
  return x.toExponential(2);
}

const OP: Record<Op, string> = { "<=": "≤", ">=": "≥", "<": "<", ">": ">" };

export function targetText(t: Target | undefined, unit: string): string {
  if (!t) return "";
  if (t.of === "ratio") return `${OP[t.op]} ${num(t.limit)}×`;
  if (t.of === "delta") return `added ${OP[t.op]} ${num(t.limit)} ${unit}`;
  return `${OP[t.op]} ${num(t.limit)} ${unit}`;
}

/** One line per figure for a benchmark run on its own. */
export function verdictLine(f: Figure): string {
  const base = f.baseline ? `  (baseline ${f.baseline.label}: ${num(f.baseline.value)} ${f.unit})` : "";
  const rel = f.target?.of === "delta" ? `  +${num(f.delta)} ${f.unit}` : f.ratio !== null ? `  ×${num(f.ratio)}` : "";
  const target = f.target ? `  target ${targetText(f.target, f.unit)}  ${f.verdict.toUpperCase()}` : "";
  return `  ▸ ${f.label}: ${num(f.value)} ${f.unit}${base}${rel}${target}${f.note ? `  — ${f.note}` : ""}`;
}

const BENCH = process.env.BENCH_NAME ?? (process.argv[1] ?? "bench").replace(/^.*\//, "").replace(/\.ts$/, "");
const REPORT = process.env.BENCH_REPORT;

/** True under `npm run bench -- --quick` (or `--quick` / BENCH_QUICK=1 on a benchmark run on its own). */
export const quick = process.env.BENCH_QUICK === "1" || process.argv.includes("--quick");

/** Pick the full or the quick value of a setting. */
export const pick = <T>(full: T, smoke: T): T => (quick ? smoke : full);

let missed = 0;

/** Records one figure: appended to the run's report, printed with its verdict. */
export function figure(f: FigureInput): Figure {
  const out = judge(BENCH, f);
  if (REPORT) appendFileSync(REPORT, `${JSON.stringify(out)}\n`);
  console.log(verdictLine(out));
  if (out.verdict === "miss") {
    missed++;
    // Standalone runs fail on a miss; under the runner the exit code means "the benchmark itself broke".
    if (!REPORT) process.exitCode = 1;
  }
  return out;
}

/** How many figures missed so far in this process. */
export const misses = () => missed;
