// Bench child: the /api/v1 route handler (handleProxyRequest, what app/api/v1/[...path]/route.ts calls) mounted on a
// plain node:http server, so the proxy is measured without a `next build`. Rate limiting is off; logs go to /dev/null.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { destination } from "pino";
import { handleProxyRequest } from "@/lib/server/handle-proxy-request";
import { createLogger } from "@/lib/server/logger";
import { createMetrics } from "@/lib/server/metrics";
import { loadProxySettings } from "@/lib/server/proxy-settings";
import { createProxyState } from "@/lib/server/proxy-state";

const settings = { ...loadProxySettings({}), rateLimitPerSec: 0, logLevel: "info" as const };
const state = createProxyState(settings, {
  target: () => ({ kind: "embedded", baseUrl: process.env.BENCH_UPSTREAM as string, streamUrl: "ws://127.0.0.1:1", key: process.env.BENCH_KEY as string }),
  logger: createLogger("info", destination({ dest: "/dev/null", sync: false })),
  metrics: createMetrics(),
});

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "127.0.0.1"}`);
  if (url.pathname === "/__stats") {
    res.writeHead(200, { "content-type": "application/json" });
    return res.end(JSON.stringify(state.ledger.snapshot()));
  }
  if (!url.pathname.startsWith("/api/v1/")) {
    res.writeHead(404);
    return res.end();
  }
  // As Next does for a catch-all route: split the path and decode each segment.
  const segments = url.pathname.slice("/api/v1/".length).split("/").map((s) => decodeURIComponent(s));
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
  const hasBody = req.method === "POST";
  const request = new Request(url, {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    duplex: "half",
  } as RequestInit);
  const response = await handleProxyRequest(request, segments, state);
  const out = Buffer.from(await response.arrayBuffer());
  const h: Record<string, string> = { "content-length": String(out.length) };
  response.headers.forEach((v, k) => {
    h[k] = v;
  });
  res.writeHead(response.status, h);
  res.end(out);
});
server.keepAliveTimeout = 30_000;
server.listen(0, "127.0.0.1", () => {
  console.log(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
});
process.on("SIGTERM", () => {
  void state.close().finally(() => process.exit(0));
});
