import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createStreamGateway, type StreamGateway } from "@/lib/server/gateway";

// Benchmark child: the gateway mounted on a plain node:http server, as server.ts mounts it at /api/stream.

type Msg = { cmd: "start"; streamUrl: string; key: string } | { cmd: "sample"; gc?: boolean } | { cmd: "stop" };
let gw: StreamGateway | undefined;

process.on("message", async (m: Msg) => {
  if (m.cmd === "start") {
    gw = createStreamGateway({
      upstream: { streamUrl: m.streamUrl, key: m.key },
      registerUsage: false,
      perIp: { exemptLoopback: true }, // the benchmark's clients all connect from this machine
      log: { warn: () => {} },
      maxBrowserConnections: 100_000,
    });
    const g = gw;
    const http = createServer((_req, res) => res.writeHead(404).end());
    http.on("upgrade", (req, socket, head) => g.handleUpgrade(req, socket, head));
    await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
    process.send?.({ ready: true, url: `ws://127.0.0.1:${(http.address() as AddressInfo).port}/api/stream` });
  } else if (m.cmd === "sample") {
    // `gc`: after a full collection, so memory that is only waiting for one does not read as growth.
    if (m.gc) (globalThis as { gc?: () => void }).gc?.();
    const mem = process.memoryUsage();
    process.send?.({ sample: { cpu: process.cpuUsage(), rss: mem.rss, heap: mem.heapUsed, stats: gw?.stats() } });
  } else if (m.cmd === "stop") process.exit(0);
});

// BENCH_TRACE=1 prints figures every second (diagnosis).
if (process.env.BENCH_TRACE)
  setInterval(
    () =>
      process.stderr.write(
        `[gateway-proc] ${JSON.stringify({ ...gw?.stats(), rss: process.memoryUsage().rss >> 20, heap: process.memoryUsage().heapUsed >> 20, ext: process.memoryUsage().external >> 20, ab: process.memoryUsage().arrayBuffers >> 20 })}\n`,
      ),
    1_000,
  ).unref();

// The benchmark run ended (or crashed): never outlive it.
process.on("disconnect", () => process.exit(0));
