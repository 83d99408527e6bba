import { startSimService } from "@/lib/sim/service";

// The embedded service in its own process (real clock, default warm-up), reporting how long it took to serve
// its first request with history: candles of an established token (its archive loads on that request).

const t0 = performance.now();
const c0 = process.cpuUsage();
const sim = await startSimService({ key: "bench-key", port: Number(process.argv[2] ?? 0), seed: 42 });
const serviceMs = performance.now() - t0;
const state = (await (await fetch(`${sim.baseUrl}/__control/state`)).json()).data;
const est = state.notable.establishedToken;
const pools = est.pools.join(",");
const candles = `/v1/token/ohlcv?chain=${est.chain}&address=${est.address}&pools=${pools}&interval=1h&limit=200`;
const res = await fetch(`${sim.baseUrl}${candles}`, { headers: { authorization: sim.key } });
const body = (await res.json()) as { data: unknown[] };
const firstMs = performance.now() - t0;
const cpu = process.cpuUsage(c0);
const tape = `/v1/token/trades?chain=${est.chain}&address=${est.address}&pools=${pools}&limit=100`;
console.log(
  JSON.stringify({
    baseUrl: sim.baseUrl,
    key: sim.key,
    serviceMs,
    firstMs,
    firstCpuMs: (cpu.user + cpu.system) / 1000,
    // performance.now() counts from process start (module loading and compilation included).
    sinceProcessMs: performance.now(),
    candles,
    tape,
    firstCandles: body.data.length,
    trades: sim.core.index.tradesIndexed,
  }),
);
process.on("SIGTERM", () => void sim.close().then(() => process.exit(0)));
