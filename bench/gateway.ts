// Stream gateway benchmark: N browser clients × 5 subscriptions, driven from a separate process, through the
// gateway (mounted on a plain node:http server) vs straight to the upstream, side by side in one run.
// Upstream: the embedded service's stream server over a hand-driven feed (or --upstream=fake), emitting
// `--rate` trades/s per token on 25 tokens; every trade is a `trades` and an `ohlcv` event.
// Clients are spread over `--client-procs` processes (default 2) so the load generator is not the bottleneck.
// Run: node_modules/.bin/tsx bench/gateway.ts [--clients=100,1000] [--seconds=5] [--rate=20] [--upstream=sim|fake] [--client-procs=2]
import { setTimeout as sleep } from "node:timers/promises";
import { type Child, startChild } from "./gateway/child";
import { Histogram } from "./gateway/histogram";
import type { UpstreamKind } from "./gateway/plan";
import { figure, pick } from "./lib/report";

const arg = (name: string, def: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? def;
const CLIENTS = arg("clients", pick("100,1000", "1000")).split(",").map(Number);
const SECONDS = Number(arg("seconds", pick("5", "3")));
const RATE = Number(arg("rate", "20"));
const UPSTREAM = arg("upstream", "sim") as UpstreamKind;
const CLIENT_PROCS = Number(arg("client-procs", "2"));
const TOKENS = 25;
const PER_CLIENT = 5;
const WARMUP_MS = 2_000;

interface Sample {
  cpu: NodeJS.CpuUsage;
  rss: number;
  stats?: Record<string, number>;
}
interface Row {
  path: string;
  clients: number;
  ids: string;
  deliveredPerSec: number;
  p50: number;
  p99: number;
  serverCpuPct: number;
  upstreamCpuPct: number;
  rssStartMb: number;
  rssEndMb: number;
  rssMaxMb: number;
  upstreamConns: number;
  extra: string;
}

const step = (msg: string) => process.stderr.write(`  · ${msg}\n`);
const sample = async (c: Child) => {
  c.send({ cmd: "sample" });
  return (await c.next<{ sample: Sample }>((m) => "sample" in m)).sample;
};
const cpuMs = (a: NodeJS.CpuUsage, b: NodeJS.CpuUsage) => (b.user - a.user + b.system - a.system) / 1000;
const mb = (n: number) => Math.round(n / 1e5) / 10;

async function run(path: "gateway" | "direct", clients: number, ids: "shared" | "unique"): Promise<Row> {
  const upstream = startChild("./upstream-proc.ts");
  upstream.send({ cmd: "start", kind: UPSTREAM, tokens: TOKENS });
  const up = await upstream.next<{ streamUrl: string; key: string }>((m) => m.ready === true);
  let gateway: Child | undefined;
  let url = `${up.streamUrl}/v1/stream`;
  if (path === "gateway") {
    gateway = startChild("./gateway-proc.ts");
    gateway.send({ cmd: "start", streamUrl: up.streamUrl, key: up.key });
    url = (await gateway.next<{ url: string }>((m) => m.ready === true)).url;
  }
  const drivers = Array.from({ length: CLIENT_PROCS }, () => startChild("./clients-proc.ts"));
  const all = <T>(cmd: string, pred: (m: Record<string, unknown>) => boolean) =>
    Promise.all(
      drivers.map((d) => {
        d.send({ cmd });
        return d.next<T>(pred);
      }),
    );
  step(`${path}, ${clients} clients (ids ${ids}): connecting`);
  try {
    const share = Math.ceil(clients / CLIENT_PROCS);
    const ready = await Promise.all(
      drivers.map((d, i) => {
        const n = Math.max(0, Math.min(share, clients - i * share));
        d.send({
          cmd: "connect",
          url,
          key: path === "direct" ? up.key : undefined,
          clients: n,
          offset: i * share,
          perClient: PER_CLIENT,
          tokens: TOKENS,
          ids,
        });
        return d.next<{ failed?: string }>((m) => m.ready === true || "failed" in m);
      }),
    );
    const failed = ready.find((r) => r.failed);
    if (failed) throw new Error(`clients could not connect: ${failed.failed}`);
    step("emitting");
    upstream.send({ cmd: "rate", perTokenPerSec: RATE });
    await sleep(WARMUP_MS);
    const server = gateway ?? upstream;
    const s0 = await sample(server);
    const u0 = await sample(upstream);
    const t0 = Math.min(...(await all<{ at: number }>("reset", (m) => m.reset === true)).map((r) => r.at));
    step("measuring");
    const rss = [s0.rss];
    for (let s = 0; s < SECONDS; s++) {
      await sleep(1_000);
      rss.push((await sample(server)).rss);
    }
    type Report = { report: { events: number; at: number; hist: [number, number][]; errors: number; closed: number } };
    const reports = (await all<Report>("report", (m) => "report" in m)).map((x) => x.report);
    const r = {
      report: {
        events: reports.reduce((a, x) => a + x.events, 0),
        at: Math.max(...reports.map((x) => x.at)),
        hist: reports.flatMap((x) => x.hist),
        errors: reports.reduce((a, x) => a + x.errors, 0),
        closed: reports.reduce((a, x) => a + x.closed, 0),
      },
    };
    const s1 = await sample(server);
    const u1 = await sample(upstream);
    const wallMs = r.report.at - t0;
    const h = Histogram.fromSparse(r.report.hist);
    const st = s1.stats ?? {};
    return {
      path,
      clients,
      ids: path === "direct" ? "-" : ids,
      deliveredPerSec: Math.round((r.report.events / wallMs) * 1000),
      p50: h.percentile(50),
      p99: h.percentile(99),
      serverCpuPct: Math.round((cpuMs(s0.cpu, s1.cpu) / wallMs) * 100),
      upstreamCpuPct: Math.round((cpuMs(u0.cpu, u1.cpu) / wallMs) * 100),
      rssStartMb: mb(rss[0] ?? 0),
      rssEndMb: mb(rss.at(-1) ?? 0),
      rssMaxMb: mb(Math.max(...rss)),
      upstreamConns: path === "gateway" ? (st.upstreamConnections ?? -1) : clients,
      extra:
        path === "gateway"
          ? `upSubs=${st.upstreamSubscriptions} tracked=${st.trackedTokens} conflated=${st.conflated} dropped=${st.dropped} slowCloses=${st.slowConsumerCloses}`
          : `clientErrors=${r.report.errors} closed=${r.report.closed}`,
    };
  } finally {
    await Promise.all(drivers.map((d) => d.stop()));
    await gateway?.stop();
    await upstream.stop();
  }
}

const fmt = (n: number, d = 0) =>
  Number.isFinite(n) ? n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d }) : "∞";
const rows: Row[] = [];
for (const n of CLIENTS) {
  rows.push(await run("direct", n, "shared"));
  rows.push(await run("gateway", n, "shared"));
  if (n >= 1000) rows.push(await run("gateway", n, "unique"));
}

console.log(
  `\nStream gateway vs direct — upstream=${UPSTREAM}, ${TOKENS} tokens × ${RATE} trades/s (each a trades + an ohlcv event), ${PER_CLIENT} subscriptions per client, ${SECONDS} s measured after ${WARMUP_MS / 1000} s warm-up`,
);
console.table(
  rows.map((r) => {
    const base = rows.find((d) => d.path === "direct" && d.clients === r.clients);
    return {
      path: r.path,
      clients: r.clients,
      ids: r.ids,
      "delivered msg/s": fmt(r.deliveredPerSec),
      "× direct": base ? fmt(r.deliveredPerSec / base.deliveredPerSec, 2) : "",
      "p50 ms": fmt(r.p50, 2),
      "p99 ms": fmt(r.p99, 2),
      "p99 × direct": base ? fmt(r.p99 / base.p99, 2) : "",
      "server CPU %": fmt(r.serverCpuPct),
      // CPU time the server spends per delivered message: its fan-out cost, whatever the load generator manages.
      "server CPU µs/msg": r.deliveredPerSec ? fmt((r.serverCpuPct * 10_000) / r.deliveredPerSec, 1) : "",
      "upstream CPU %": r.path === "gateway" ? fmt(r.upstreamCpuPct) : "(= server)",
      "server RSS MB start→end (max)": `${fmt(r.rssStartMb, 1)}→${fmt(r.rssEndMb, 1)} (${fmt(r.rssMaxMb, 1)})`,
      "upstream conns": r.upstreamConns,
    };
  }),
);
for (const r of rows) console.log(`  ${r.path} ${r.clients} ${r.ids}: ${r.extra}`);
const big = rows.filter((r) => r.path === "gateway" && r.clients >= 1000);
for (const r of big) {
  const ok = (b: boolean) => (b ? "met" : "MISSED");
  console.log(
    `targets (${r.clients} clients, ids ${r.ids}): ≥100k msg/s ${ok(r.deliveredPerSec >= 100_000)} · p99 ≤ 50 ms ${ok(r.p99 <= 50)} · ≤5 upstream connections ${ok(r.upstreamConns <= 5)} · RSS flat (end ≤ start + 10%) ${ok(r.rssEndMb <= r.rssStartMb * 1.1)}`,
  );
}
for (const r of big) {
  const base = rows.find((d) => d.path === "direct" && d.clients === r.clients);
  figure({
    id: `c${r.clients}.${r.ids}.p99`,
    label: `gateway emit→client p99, ${r.clients} clients (ids ${r.ids}), ${fmt(r.deliveredPerSec)} msg/s delivered`,
    value: r.p99,
    unit: "ms",
    baseline: { label: "clients straight on the upstream", value: base?.p99 ?? null },
    target: { of: "value", op: "<=", limit: 50 },
  });
  figure({
    id: `c${r.clients}.${r.ids}.delivered`,
    label: `gateway delivered msg/s, ${r.clients} clients (ids ${r.ids}), offered ${TOKENS * RATE * 2}/s upstream`,
    value: r.deliveredPerSec,
    unit: "msg/s",
    baseline: { label: "clients straight on the upstream", value: base?.deliveredPerSec ?? null },
    target: { of: "ratio", op: ">=", limit: 0.9 },
  });
}
