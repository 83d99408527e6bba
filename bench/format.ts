// Display formatter benchmark, side by side in one run: each formatter against the naive way of doing the same
// (a new Intl object per call, an unmemoised clean-up) and a physical floor (the cheapest built-in that prints
// something similar). Rounds are interleaved so machine noise hits every row alike; medians are reported.
// Figures: each formatter in ns/call against its floor (information), and the cached compact-USD formatter against a
// new Intl object per call (target ≤ 0.1×: caching the Intl object is the point of the module).
// Run: node_modules/.bin/tsx bench/format.ts   [BENCH_ROUNDS=7] [--quick]
import { formatUsd } from "@/lib/format/number";
import { formatUsdPrice } from "@/lib/format/price";
import { safeText } from "@/lib/format/safe-text";
import { safeHttpsUrl } from "@/lib/format/safe-url";
import { percentile } from "./lib/percentile";
import { figure, pick } from "./lib/report";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? pick(7, 3));
const N = 20_000;

const values = Array.from({ length: N }, (_, i) => ((i * 7919) % 1_000_003) * 10 ** ((i % 12) - 4));
const tiny = Array.from({ length: N }, (_, i) => (1 + (i % 9000)) * 10 ** -(5 + (i % 8)));
const names = Array.from({ length: 900 }, (_, i) =>
  i % 3 === 0 ? `Pe\u202Epe ${i}` : i % 3 === 1 ? `P\u0435pe Coin ${i}` : `Doge Killer ${i} 🐸`,
);
const uniqueNames = (round: number) => Array.from({ length: 2_000 }, (_, i) => `Token ${round} ${i} 🚀 Inu`);
const urls = Array.from({ length: N }, (_, i) =>
  i % 4 === 0 ? `javascript:alert(${i})` : `https://example${i % 50}.com/path/${i}?q=${i}`,
);

let sink = 0;
const use = (s: string | null) => {
  sink += s?.length ?? 0;
};

type Case = {
  group: string;
  name: string;
  baseline?: boolean;
  ops: number;
  prepare?: () => void;
  run: (round: number) => void;
};
const cases: Case[] = [
  {
    group: "compact USD",
    name: "formatUsd (cached Intl)",
    ops: N,
    run: () => values.forEach((v) => use(formatUsd(v))),
  },
  {
    group: "compact USD",
    name: "new Intl.NumberFormat per call",
    ops: N,
    run: () =>
      values.forEach((v) =>
        use(new Intl.NumberFormat("en-US", { notation: "compact", style: "currency", currency: "USD" }).format(v)),
      ),
  },
  {
    group: "compact USD",
    name: "floor: toFixed(2)",
    baseline: true,
    ops: N,
    run: () => values.forEach((v) => use(v.toFixed(2))),
  },
  {
    group: "tiny price",
    name: "formatUsdPrice (0.0₅5123)",
    ops: N,
    run: () => tiny.forEach((v) => use(formatUsdPrice(v))),
  },
  {
    group: "tiny price",
    name: "floor: toPrecision(4)",
    baseline: true,
    ops: N,
    run: () => tiny.forEach((v) => use(v.toPrecision(4))),
  },
  {
    group: "display name",
    name: "safeText, memo hit",
    ops: names.length * 10,
    prepare: () => names.forEach((s) => safeText(s)), // the cold rows evict these between rounds
    run: () => {
      for (let k = 0; k < 10; k++) names.forEach((s) => use(safeText(s).text));
    },
  },
  {
    group: "display name",
    name: "safeText, cold (new names)",
    ops: 2_000,
    run: (r) => uniqueNames(r).forEach((s) => use(safeText(s).text)),
  },
  {
    group: "display name",
    name: "floor: normalize(NFC)",
    baseline: true,
    ops: names.length * 10,
    run: () => {
      for (let k = 0; k < 10; k++) names.forEach((s) => use(s.normalize("NFC")));
    },
  },
  { group: "link", name: "safeHttpsUrl", ops: N, run: () => urls.forEach((u) => use(safeHttpsUrl(u))) },
  {
    group: "link",
    name: "floor: new URL(u).href",
    baseline: true,
    ops: N,
    run: () =>
      urls.forEach((u) => {
        try {
          use(new URL(u).href);
        } catch {
          use(null);
        }
      }),
  },
];

const samples = new Map<Case, number[]>(cases.map((c) => [c, []]));
for (const c of cases) c.run(-1); // warm up JIT and caches
for (let r = 0; r < ROUNDS; r++) {
  for (const c of cases) {
    c.prepare?.();
    const t0 = process.hrtime.bigint();
    c.run(r);
    samples.get(c)?.push(Number(process.hrtime.bigint() - t0) / c.ops);
  }
}

const median = (xs: number[]) => percentile(xs, 50);
console.log(`format bench: ${ROUNDS} interleaved rounds, median ns per call (node ${process.version})\n`);
console.log(`${"group".padEnd(14)}${"case".padEnd(34)}${"ns/op".padStart(10)}${"× floor".padStart(10)}`);
for (const group of [...new Set(cases.map((c) => c.group))]) {
  const rows = cases.filter((c) => c.group === group);
  const floor = median(samples.get(rows.find((c) => c.baseline) ?? rows[0]) ?? [1]);
  for (const c of rows) {
    const ns = median(samples.get(c) ?? []);
    console.log(
      `${group.padEnd(14)}${c.name.padEnd(34)}${ns.toFixed(0).padStart(10)}${(ns / floor).toFixed(1).padStart(10)}`,
    );
  }
}
console.log("");
const ns = (name: string) => median(samples.get(cases.find((c) => c.name === name) as Case) ?? []);
figure({
  id: "compact-usd.cached-vs-new-intl",
  label: "formatUsd, cached Intl (vs a new Intl per call)",
  value: ns("formatUsd (cached Intl)"),
  unit: "ns/call",
  baseline: { label: "new Intl per call", value: ns("new Intl.NumberFormat per call") },
  target: { of: "ratio", op: "<=", limit: 0.1 },
});
for (const group of [...new Set(cases.map((c) => c.group))]) {
  const rows = cases.filter((c) => c.group === group);
  const floor = rows.find((c) => c.baseline);
  if (!floor) continue;
  for (const c of rows.filter((x) => !x.baseline && !x.name.startsWith("new Intl")))
    figure({
      id: `${group.replace(/ /g, "-")}.${c.name.replace(/[^a-z0-9]+/gi, "-").toLowerCase()}`,
      label: c.name,
      value: ns(c.name),
      unit: "ns/call",
      baseline: { label: floor.name.replace("floor: ", ""), value: ns(floor.name) },
    });
}
if (sink < 0) console.log(sink);
