// Bench child: the proxy on a plain node:http server (no `next build`). `/api/v1/*` runs proxyRequest (what the
// route handler runs) straight on node's request; `/web/api/v1/*` goes through handleProxyRequest with web
// Request/Response objects, as the Next route does; `/relay/*` forwards to the service with the same undici pool
// settings and no work at all (the cost of the extra hop alone). Rate limiting is off; logs go to /dev/null.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { destination } from "pino";
import { Agent } from "undici";
import { handleProxyRequest } from "@/lib/server/proxy/handle-request";
import { createLogger } from "@/lib/server/logger";
import { createMetrics } from "@/lib/server/metrics";
import { proxyRequest } from "@/lib/server/proxy/serve-request";
import { loadConfig } from "@/lib/server/config";
import { createProxyState } from "@/lib/server/proxy/state";
import { readJson } from "@/lib/server/proxy/read-body";

const settings = { ...loadConfig({}).proxy, rateLimitPerSec: 0, logLevel: "info" as const };
const state = createProxyState(settings, {
  target: () => ({
    kind: "embedded",
    baseUrl: process.env.BENCH_UPSTREAM as string,
    streamUrl: "ws://127.0.0.1:1",
    key: process.env.BENCH_KEY as string,
  }),
  logger: createLogger("info", destination({ dest: "/dev/null", sync: false })),
  metrics: createMetrics(),
});

const relayPool = new Agent({ keepAliveTimeout: 30_000, connections: 128 });
const upstreamUrl = new URL(process.env.BENCH_UPSTREAM as string);

const header = (req: IncomingMessage) => (name: string) => {
  const v = req.headers[name];
  return typeof v === "string" ? v : null;
};
// As Next does for a catch-all route: split the path and decode each segment.
const segmentsOf = (pathname: string, prefix: string) =>
  pathname
    .slice(prefix.length)
    .split("/")
    .map((s) => decodeURIComponent(s));

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  if (url.pathname === "/__cpu") {
    const u = process.cpuUsage();
    return res.end(String(u.user + u.system));
  }
  if (url.pathname === "/__metrics") {
    res.writeHead(200, { "content-type": "text/plain" });
    return res.end(await state.metrics.registry.metrics());
  }
  if (url.pathname === "/__stats") {
    res.writeHead(200, { "content-type": "application/json" });
    return res.end(JSON.stringify({ ...state.ledger.snapshot(), inFlight: state.proxy.inFlight() }));
  }
  if (url.pathname.startsWith("/api/v1/")) {
    const get = header(req);
    const reply = await proxyRequest(
      {
        method: req.method ?? "GET",
        url: req.url ?? "/",
        headers: { get },
        segments: segmentsOf(url.pathname, "/api/v1/"),
        readBody: () => readJson(get("content-type"), get("content-length"), req),
      },
      state,
    );
    res.writeHead(reply.status, { ...reply.headers, "content-length": Buffer.byteLength(reply.body) });
    return res.end(reply.body);
  }
  if (url.pathname.startsWith("/relay/")) {
    const up = await relayPool.request({
      origin: upstreamUrl.origin,
      path: (req.url ?? "/").slice("/relay".length),
      method: "GET",
      headers: { authorization: process.env.BENCH_KEY as string, accept: "application/json" },
    });
    const chunks: Buffer[] = [];
    for await (const chunk of up.body) chunks.push(chunk as Buffer);
    const out = Buffer.concat(chunks);
    res.writeHead(up.statusCode, { "content-type": "application/json", "content-length": out.length });
    return res.end(out);
  }
  if (url.pathname.startsWith("/web/api/v1/")) {
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const webUrl = new URL(url.pathname.slice(4) + url.search, "http://127.0.0.1");
    const request = new Request(webUrl, {
      method: req.method,
      headers,
      body: req.method === "POST" ? (Readable.toWeb(req) as ReadableStream) : undefined,
      duplex: "half",
    } as RequestInit);
    const response = await handleProxyRequest(request, segmentsOf(webUrl.pathname, "/api/v1/"), state);
    const out = Buffer.from(await response.arrayBuffer());
    const h: Record<string, string> = { "content-length": String(out.length) };
    response.headers.forEach((v, k) => {
      h[k] = v;
    });
    res.writeHead(response.status, h);
    return res.end(out);
  }
  res.writeHead(404);
  res.end();
});
server.keepAliveTimeout = 30_000;
server.listen(0, "127.0.0.1", () => {
  console.log(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
});
process.on("SIGTERM", () => {
  void state.close().finally(() => process.exit(0));
});
