import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { keyOf } from "@/lib/server/gateway/testing/harness-keys";
import { startTestUpstream } from "@/lib/server/gateway/testing/upstream";
import { NO_FAULTS } from "@/lib/sim/feed";
import { createSimStreamServer } from "@/lib/sim/stream/server";
import { BenchFeed } from "./bench-feed";
import { BENCH_CHAIN, benchToken, type UpstreamKind } from "./plan";

// Benchmark child: the upstream (the embedded service's stream server over a hand-driven feed, or the gateway's
// fake upstream), emitting trades at a fixed rate per token. Every event carries its emit time (`meta.asOf`, or the
// row's `at`) as fractional epoch milliseconds, so receivers in other processes measure emit → receive.

const KEY = "bench-key";
const now = () => performance.timeOrigin + performance.now();

type Msg =
  | { cmd: "start"; kind: UpstreamKind; tokens: number }
  | { cmd: "rate"; perTokenPerSec: number }
  | { cmd: "sample" }
  | { cmd: "stop" };

let emitTrade: (token: number) => void = () => {};
let rate = 0;
let tokens = 0;

async function start(kind: UpstreamKind, n: number): Promise<string> {
  tokens = n;
  const limits = { connections: 100_000, subscriptionsPerConnection: 20, trackedTokens: 50 };
  if (kind === "fake") {
    const up = await startTestUpstream({ key: KEY, limits: false });
    let seq = 0;
    emitTrade = (t) => {
      const address = benchToken(t);
      const at = now();
      const s = ++seq;
      const row = {
        at,
        maker: `0x${"ab".repeat(20)}`,
        isBuy: true,
        amountToken: 100,
        amountQuote: 1,
        priceNative: 0.01,
        volumeNative: 1,
        volumeUsd: 3000,
        isProTrader: false,
        isSniper: false,
        preconfirmed: false,
        txHash: `0x${s.toString(16).padStart(64, "0")}`,
        block: 1000 + s,
        logIndex: 0,
      };
      up.emit(keyOf("trades", { chain: BENCH_CHAIN, address }), { kind: "trades", data: [row], meta: { asOf: at } });
      const time = Math.floor(at / 60_000) * 60;
      up.emit(keyOf("ohlcv", { chain: BENCH_CHAIN, address, interval: "1m" }), {
        kind: "candle",
        data: [{ time, open: 0.01, high: 0.01, low: 0.01, close: 0.01, volume: s }],
        meta: { asOf: now(), interval: "1m", quote: "native" },
      });
    };
    return up.streamUrl;
  }
  const feed = new BenchFeed(now);
  for (let t = 0; t < n; t++) feed.addToken(BENCH_CHAIN, benchToken(t), [benchToken(10_000 + t)]);
  const server = createSimStreamServer({
    feed,
    isValidKey: (k) => k === KEY,
    ledger: { charge() {}, spent: () => 0 },
    faults: () => NO_FAULTS,
    limits,
    maxPendingConnections: 100_000,
    heartbeatMs: 600_000,
  });
  const http = createServer((_req, res) => res.writeHead(404).end());
  http.on("upgrade", (req, socket, head) => server.handleUpgrade(req, socket, head));
  await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
  emitTrade = (t) => void feed.trade(BENCH_CHAIN, benchToken(t), { priceNative: 0.01 + (t % 7) / 1000 });
  return `ws://127.0.0.1:${(http.address() as AddressInfo).port}`;
}

// Fixed-rate emission: each tick emits what is due since the start, whatever the timer jitter. Each token's trades
// are offset by its share of the period, so the tokens take turns and the offered rate is a steady one: in step
// (every token due at the same instant) 10,000 clients at 0.2 trades a second per token would get the whole step's
// load as one burst of 50,000 deliveries every 5 s, and the figure would be how long one burst takes to drain.
const emitted: number[] = [];
let since = 0;
function tick() {
  if (rate > 0) {
    const periods = ((performance.now() - since) / 1000) * rate;
    for (let t = 0; t < tokens; t++) {
      const due = Math.floor(periods + (t + 0.5) / tokens);
      for (let k = emitted[t] ?? 0; k < due; k++) emitTrade(t);
      emitted[t] = due;
    }
  }
  setTimeout(tick, 5);
}

process.on("message", async (m: Msg) => {
  if (m.cmd === "start") {
    const streamUrl = await start(m.kind, m.tokens);
    process.send?.({ ready: true, streamUrl, key: KEY });
    tick();
  } else if (m.cmd === "rate") {
    rate = m.perTokenPerSec;
    since = performance.now();
    emitted.length = 0;
  } else if (m.cmd === "sample") {
    process.send?.({ sample: { cpu: process.cpuUsage(), rss: process.memoryUsage().rss } });
  } else if (m.cmd === "stop") process.exit(0);
});

// The benchmark run ended (or crashed): never outlive it.
process.on("disconnect", () => process.exit(0));
