// Which modules weigh what in each route's first load: reads Turbopack's analysis (`next analyze --output`, then
// `next analyze export`), keeps the browser chunks a route loads before it renders (not its async groups: dynamic
// imports, lazy components) and sums each module's share by package (node_modules) or by project folder.
//
//   NEXT_DIST_DIR=.next-analyze node_modules/.bin/next analyze --output --experimental-app-only
//   node_modules/.bin/tsx bench/page-weight/analyze-build.ts .next-analyze /pulse /token/[chain]/[address] …
//
// Sizes are Turbopack's per-module compressed estimates: they add up to about the gzip size of the chunks.
import { spawnSync } from "node:child_process";

interface Part {
  type: "part";
  filename: string;
  source_path: string;
  compressed_size: number;
}
interface Group {
  type: "group";
  kind: string;
  outputs: string[];
}
type Row = Part | Group | { type: string };

function records(dist: string, route: string): Row[] {
  const r = spawnSync("node_modules/.bin/next", ["analyze", "export", "--dist-dir", dist, "--route", route], {
    encoding: "utf8",
    maxBuffer: 1 << 30,
  });
  if (r.status !== 0) throw new Error(`next analyze export ${route}: ${r.stderr}`);
  return r.stdout
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Row);
}

/** A module's bucket: the npm package, or the project folder two levels deep (`lib/client`, `components/pulse`). */
function bucketOf(source: string): string {
  const p = source.replace(/^\[project\]\//, "");
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(p)?.[1];
  if (pkg) return pkg === "next" && /react-dom|react-server-dom|scheduler/.test(p) ? "react-dom (next's copy)" : pkg;
  const parts = p.split("/");
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0];
}

const [dist = ".next-analyze", ...routes] = process.argv.slice(2);
for (const route of routes) {
  const rows = records(dist, route);
  const browser = (f: string) => f.includes("/static/chunks/");
  const asyncOutputs = new Set(
    rows.filter((r): r is Group => r.type === "group" && (r as Group).kind === "async").flatMap((g) => g.outputs),
  );
  const initial = new Set(
    rows
      .filter((r): r is Group => r.type === "group" && (r as Group).kind !== "async")
      .flatMap((g) => g.outputs)
      .filter((f) => browser(f) && !asyncOutputs.has(f)),
  );
  const byBucket = new Map<string, number>();
  const lazy = new Map<string, number>();
  for (const r of rows) {
    if (r.type !== "part") continue;
    const p = r as Part;
    // Scripts only: CSS is not First Load JS, and browsers that run modules skip the `noModule` polyfills.
    if (!browser(p.filename) || /\.css$|polyfill-nomodule/.test(p.source_path)) continue;
    const into = initial.has(p.filename) ? byBucket : asyncOutputs.has(p.filename) ? lazy : null;
    if (!into) continue;
    const b = bucketOf(p.source_path);
    into.set(b, (into.get(b) ?? 0) + p.compressed_size);
  }
  const total = [...byBucket.values()].reduce((a, b) => a + b, 0);
  const lazyTotal = [...lazy.values()].reduce((a, b) => a + b, 0);
  console.log(`\n${route}: first load ≈ ${(total / 1000).toFixed(1)} kB compressed in ${initial.size} chunks`);
  for (const [b, n] of [...byBucket].sort((a, c) => c[1] - a[1]).filter(([, n]) => n >= 300))
    console.log(`  ${(n / 1000).toFixed(1).padStart(6)} kB  ${b}`);
  console.log(`  loaded later (dynamic imports, lazy components) ≈ ${(lazyTotal / 1000).toFixed(1)} kB:`);
  for (const [b, n] of [...lazy].sort((a, c) => c[1] - a[1]).filter(([, n]) => n >= 500))
    console.log(`  ${(n / 1000).toFixed(1).padStart(6)} kB  ${b}`);
}
