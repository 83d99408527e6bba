// One fleet instance without `next build`: the same REST proxy (proxyRequest, what /api/v1 runs), the real /api/usage
// and /api/health route handlers, and the stream gateway with the instance's stream share, joined to the fleet
// through REDIS_URL exactly as server.ts does. Prints one JSON line ({ url }) when it listens; SIGTERM ends it.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { GET as healthGET } from "@/app/api/health/route";
import { GET as usageGET } from "@/app/api/usage/route";
import { stampClientIp } from "@/lib/server/http/client-ip";
import { setFleetRuntime } from "@/lib/server/fleet/fleet-runtime";
import { startFleetStream } from "@/lib/server/fleet/fleet-stream";
import { createRedisLink } from "@/lib/server/fleet/redis-link";
import { pollCreditsShare } from "@/lib/server/fleet/stream-share";
import { createStreamGateway } from "@/lib/server/gateway";
import { createRestCaller } from "@/lib/server/gateway/liveness/rest-caller";
import { createLogger } from "@/lib/server/ops/logger";
import { readJson } from "@/lib/server/proxy/read-body";
import { proxyRequest } from "@/lib/server/proxy/serve-request";
import { createProxyState, setProxyState } from "@/lib/server/proxy/state";
import { runtimeConfig } from "@/lib/server/runtime";
import { setUpstreamTarget } from "@/lib/server/upstream/target";

const config = runtimeConfig();
if (config.upstream.kind !== "remote" || !config.fleet.redisUrl) throw new Error("set MARKET_* and REDIS_URL");
const settings = config.proxy;
const log = createLogger(config.logLevel);
setUpstreamTarget(config.upstream);
const link = createRedisLink({ url: config.fleet.redisUrl, logger: log, instanceId: process.env.FLEET_INSTANCE_NAME });
const market = config.upstream;
const fleetStream = await startFleetStream({
  link,
  market: () => ({ streamUrl: market.streamUrl, key: market.key }),
  limits: config.streamBudget,
  expectedInstances: config.fleet.expectedInstances,
  logger: log,
});
setFleetRuntime({
  link,
  expectedInstances: config.fleet.expectedInstances,
  streamLeader: () => fleetStream.leader.isLeader(),
});
const state = createProxyState(settings, { register: true });
setProxyState(state);
// The key's whole budget: the fleet's decision pools it (this instance's share only while it decides alone).
const streamBudget = config.streamBudget;
const gateway = createStreamGateway({
  upstream: { streamUrl: config.upstream.streamUrl, key: config.upstream.key },
  getUpstream: fleetStream.relay.target,
  perIp: config.streamPerIp,
  limits: streamBudget,
  liveness: {
    fleet: fleetStream.liveness,
    pulseReserve: streamBudget.pulseReserve,
    pollCreditsPerMinute: pollCreditsShare(config.pollCreditsPerMinute, config.fleet.expectedInstances),
    rest: createRestCaller(() => state.proxy),
  },
});

const header = (req: IncomingMessage) => (name: string) => {
  const v = req.headers[name];
  return typeof v === "string" ? v : null;
};

async function send(res: import("node:http").ServerResponse, response: Response) {
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = { "content-length": String(body.length) };
  response.headers.forEach((v, k) => {
    headers[k] = v;
  });
  res.writeHead(response.status, headers);
  res.end(body);
}

const server = createServer(async (req, res) => {
  stampClientIp(req, settings.trustProxy);
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  if (url.pathname === "/api/health") return send(res, await healthGET());
  if (url.pathname === "/api/usage") {
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    return send(res, await usageGET(new Request(`http://127.0.0.1${req.url}`, { headers })));
  }
  if (url.pathname.startsWith("/api/v1/")) {
    const get = header(req);
    const reply = await proxyRequest(
      {
        method: req.method ?? "GET",
        url: req.url ?? "/",
        headers: { get },
        segments: url.pathname.slice("/api/v1/".length).split("/").map(decodeURIComponent),
        readBody: () => readJson(get("content-type"), get("content-length"), req),
      },
      state,
    );
    res.writeHead(reply.status, { ...reply.headers, "content-length": Buffer.byteLength(reply.body) });
    return res.end(reply.body);
  }
  res.writeHead(404);
  res.end();
});
server.on("upgrade", (req, socket, head) => {
  if (new URL(req.url ?? "/", "http://127.0.0.1").pathname === "/api/stream") gateway.handleUpgrade(req, socket, head);
  else socket.destroy();
});
server.listen(config.port, "127.0.0.1", () => {
  console.log(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
});
process.on("SIGTERM", () => {
  void (async () => {
    server.closeAllConnections();
    await gateway.close();
    await fleetStream.close();
    await state.close();
    await link.close();
    process.exit(0);
  })();
});
