import { randomBytes } from "node:crypto";
import { setFlagsFromString } from "node:v8";
import { createServer, type IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import nextEnv from "@next/env";
import next from "next";
import { type Config, ConfigError } from "./lib/server/config";
import { requestClientIp, stampClientIp } from "@/lib/server/http/client-ip";
import { setFleetRuntime } from "./lib/server/fleet/fleet-runtime";
import { type FleetStream, startFleetStream } from "./lib/server/fleet/fleet-stream";
import { createRedisLink, type RedisLink } from "./lib/server/fleet/redis-link";
import { pollCreditsShare } from "./lib/server/fleet/stream-share";
import { createStreamGateway } from "./lib/server/gateway";
import { createRestCaller } from "./lib/server/gateway/liveness/rest-caller";
import { getProxyState } from "./lib/server/proxy/state";
import { todaysBudget } from "@/lib/server/ops/usage-report";
import { guardRequest } from "@/lib/server/http/guard";
import { createLogger, type Logger } from "@/lib/server/ops/logger";
import { setProxyState } from "./lib/server/proxy/state";
import { proxyNodeRequest } from "./lib/server/proxy/fast-lane";
import { API_CSP, SECURITY_HEADERS } from "./lib/security/csp";
import { runtimeConfig } from "./lib/server/runtime";
import { setUpstreamTarget, type UpstreamTarget } from "@/lib/server/upstream/target";
import { type SimService, startSimService } from "./lib/sim/service";

// The old generation grows by at most 40 % over what a full collection kept, not by V8's adaptive factor (up to 4×):
// server renders make short-lived garbage by the megabyte, and under load the adaptive limit let RSS climb to 2.4×
// its cold size. bench/ssr-memory.ts (4,500 renders, 8 at a time): RSS after 771 → 436 MB, CPU per render unchanged
// (26 ms); 30 % held RSS lower still but cost 14 % more CPU a render.
setFlagsFromString("--heap-growing-percent=40");

const STREAM_PATH = "/api/stream";
const SHUTDOWN_GRACE_MS = 5_000;
const dir = import.meta.dirname;
const dev = process.env.NODE_ENV !== "production";

/** The security headers proxy.ts (the middleware) puts on every answer, for the JSON answers server.ts gives without
 *  Next: one object for the process, with the strict policy of a document-less answer (API_CSP). */
const API_HEADERS: Record<string, string> = Object.freeze({ "Content-Security-Policy": API_CSP, ...SECURITY_HEADERS });
const apiHeaders = () => API_HEADERS;

function readConfig(): Config {
  nextEnv.loadEnvConfig(dir, dev, { info: () => {}, error: console.error });
  try {
    // Parsed once for the process: the proxy, the image route, the public URL and the upstream target read this same
    // object (lib/server/runtime.ts), so a malformed setting stops start-up rather than the first request.
    return runtimeConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Configuration error: ${error.message}`);
    process.exit(1);
  }
}

async function resolveUpstream(config: Config): Promise<{ target: UpstreamTarget; sim?: SimService }> {
  if (config.upstream.kind === "remote") return { target: config.upstream };
  const sim = await startSimService({
    host: "127.0.0.1",
    port: config.sim.port,
    key: config.sim.key ?? randomBytes(32).toString("hex"),
    seed: config.sim.seed,
    speed: config.sim.speed,
  });
  return { target: { kind: "embedded", baseUrl: sim.baseUrl, streamUrl: sim.streamUrl, key: sim.key }, sim };
}

function pathnameOf(req: IncomingMessage): string | undefined {
  const url = req.url ?? "/";
  return URL.canParse(url, "http://localhost") ? new URL(url, "http://localhost").pathname : undefined;
}

function publicUrl(config: Config, port: number): string {
  const host = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
}

async function main(): Promise<void> {
  const config = readConfig();
  const log: Logger = createLogger(config.logLevel);
  const { target, sim } = await resolveUpstream(config);
  setUpstreamTarget(target);
  if (sim)
    log.info({ upstream: "embedded", seed: config.sim.seed, speed: config.sim.speed }, "embedded market started");

  // Fleet mode: REST cache, credits, rate limit shared through Redis; the stream keeps to this instance's share.
  let fleetLink: RedisLink | undefined;
  let fleetStream: FleetStream | undefined;
  if (config.fleet.redisUrl) {
    fleetLink = createRedisLink({ url: config.fleet.redisUrl, logger: log });
    fleetStream = await startFleetStream({
      link: fleetLink,
      market: () => ({ streamUrl: target.streamUrl, key: target.key }),
      limits: config.streamBudget,
      expectedInstances: config.fleet.expectedInstances,
      addressShare: config.streamAddressShare,
      logger: log,
    });
    const leader = fleetStream.leader;
    setFleetRuntime({
      link: fleetLink,
      expectedInstances: config.fleet.expectedInstances,
      streamLeader: () => leader.isLeader(),
    });
    log.info(
      { instance: fleetLink.instanceId, expectedInstances: config.fleet.expectedInstances },
      "fleet mode: sharing cache, credits and rate limits through redis",
    );
  }

  const httpServer = createServer();
  // Idle keep-alive connections stay open longer than a reverse proxy's or client's own idle timeout (nginx keeps
  // upstream connections 60 s): with Node's 5 s default the server could close a connection just as the client
  // reused it, and that request failed with a reset.
  httpServer.keepAliveTimeout = 65_000;
  httpServer.headersTimeout = 66_000;
  const app = next({ dev, dir, hostname: config.host, port: config.port, httpServer });
  await app.prepare();
  const handle = app.getRequestHandler();
  // Fleet mode: the stream budget is the fleet's (the leader's decision over every instance's demand; this instance's
  // share while it decides alone); poll credits are each instance's share.
  const streamBudget = config.streamBudget;
  const pollCreditsPerMinute = fleetLink
    ? pollCreditsShare(config.pollCreditsPerMinute, config.fleet.expectedInstances)
    : config.pollCreditsPerMinute;
  const gateway = createStreamGateway({
    upstream: { streamUrl: target.streamUrl, key: target.key },
    // Fleet mode: the leader's events through this instance's relay (or the market directly while Redis is away).
    ...(fleetStream ? { getUpstream: fleetStream.relay.target } : {}),
    allowedOrigins: config.allowedOrigins,
    perIp: config.streamPerIp,
    browser: config.streamBrowser,
    // Per-address stream caps key on the same client IP as the REST rate limit.
    clientIp: (req) => requestClientIp(req, config.proxy.trustProxy),
    log: log.child({ component: "stream-gateway" }),
    limits: streamBudget,
    liveness: {
      pulseReserve: streamBudget.pulseReserve,
      pollCreditsPerMinute,
      addressShare: config.streamAddressShare,
      // Polling paces itself to the day's credit budget (MARKET_CREDIT_BUDGET), leaving half of what is left to pages.
      dayBudget: () => todaysBudget(getProxyState()),
      rest: createRestCaller(() => getProxyState().proxy),
      ...(fleetStream ? { fleet: fleetStream.liveness } : {}),
    },
  });

  httpServer.on("request", (req, res) => {
    // JSON errors for every /api/* path and method, no redirect to another host, no 500 on a bad router-state header.
    if (guardRequest(req, res)) return;
    // The rate limiter keys on this stamp; X-Forwarded-For counts only with TRUST_PROXY set (entries from the right).
    stampClientIp(req, config.proxy.trustProxy);
    const fail = (error: unknown) => {
      log.error({ err: error, url: req.url }, "request failed");
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    };
    // /api/v1 is answered here by the route handler's own work (registry, validation, rate limit, cache), before
    // Next's routing: on this path the framework's per-request work cost more than the proxy itself.
    // A fresh cache hit is answered synchronously (`true`); anything else settles later.
    let answered: boolean | Promise<boolean>;
    try {
      answered = proxyNodeRequest(req, res, apiHeaders);
    } catch (error) {
      return fail(error);
    }
    if (answered === true) return;
    if (answered === false) return void handle(req, res).catch(fail);
    answered.then((done) => (done ? undefined : handle(req, res))).catch(fail);
  });

  // Next adds its own upgrade listener (HMR at /_next/hmr) on the first request; this one routes the rest.
  httpServer.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on("error", () => socket.destroy());
    const pathname = pathnameOf(req);
    if (pathname === STREAM_PATH) return gateway.handleUpgrade(req, socket, head);
    if (dev && pathname?.startsWith("/_next/")) return;
    socket.destroy();
  });

  httpServer.on("error", (error: NodeJS.ErrnoException) => {
    const reason = error.code === "EADDRINUSE" ? `port ${config.port} is already in use (set PORT)` : error.message;
    log.fatal(`Cannot listen on ${config.host}:${config.port}: ${reason}`);
    // 98 (EADDRINUSE) tells a supervisor that picked the port (scripts/fleet/launch.ts) to pick another.
    process.exit(error.code === "EADDRINUSE" ? 98 : 1);
  });

  httpServer.listen(config.port, config.host, () => {
    const address = httpServer.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    const market = target.kind === "embedded" ? "embedded simulated market" : "remote market API";
    log.info(
      { mode: dev ? "development" : "production", upstream: target.kind },
      `ready on ${publicUrl(config, port)} (${market})`,
    );
    // A supervisor that spawned this process with an IPC channel learns that it listens, and where.
    process.send?.({ type: "listening", port });
  });

  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return process.exit(1);
    stopping = true;
    log.info({ signal }, "shutting down");
    setTimeout(() => {
      log.warn("shutdown took too long; exiting");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    const serverClosed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
    httpServer.closeIdleConnections();
    await gateway.close();
    await fleetStream?.close();
    await app.close();
    httpServer.closeAllConnections();
    await serverClosed;
    await sim?.close();
    // Flushes this instance's last fleet counts to Redis.
    await setProxyState(undefined)?.close();
    setFleetRuntime(undefined);
    await fleetLink?.close();
    setUpstreamTarget(undefined);
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
