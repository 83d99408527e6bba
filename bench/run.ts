// Runs the benchmarks one after another, each in its own process so none inherits another's heap or timers.
// Run: npm run bench [-- name ...]   (names: the files in bench/ without .ts; default: every self-contained one)
// `pulse` needs a running server (see bench/pulse.ts) and runs only when named.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const SELF_CONTAINED = ["format", "client-stream", "sim-rest", "sim-stream", "proxy", "gateway", "chart"];
const KNOWN = [...SELF_CONTAINED, "pulse"];

const asked = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const unknown = asked.filter((n) => !KNOWN.includes(n));
if (unknown.length) {
  console.error(`Unknown benchmark: ${unknown.join(", ")}. Known: ${KNOWN.join(", ")}`);
  process.exit(2);
}

const tsx = path.resolve("node_modules/.bin/tsx");
if (!existsSync(tsx)) {
  console.error("Dependencies are missing. Run: npm install");
  process.exit(2);
}

const failed: string[] = [];
for (const name of asked.length ? asked : SELF_CONTAINED) {
  console.log(`\n== bench/${name}.ts`);
  const r = spawnSync(tsx, [path.join("bench", `${name}.ts`)], { stdio: "inherit", env: process.env });
  if (r.status !== 0) failed.push(`${name} (exit ${r.status ?? r.signal})`);
}
if (failed.length) {
  console.error(`\nFailed: ${failed.join(", ")}`);
  process.exit(1);
}
