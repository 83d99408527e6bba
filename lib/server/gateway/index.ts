import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { type WebSocket, WebSocketServer } from "ws";
import { CLOSE_CODES, MAX_FRAME_BYTES, STREAM_LIMITS, type StreamErrorCode } from "@/lib/api";
import { createLogger, type Logger } from "../ops/logger";
import { registerUsageSource } from "../ops/usage-registry";
import { type BrowserLimits, BrowserSession } from "./browser-session";
import { type Clock, realClock, type TimerHandle } from "@/lib/api/clock";
import { DEFAULT_IP_LIMITS, type IpLimits, IpQuotas, type IpQuota } from "./ip-quota";
import { DEFAULT_READ_LAG_LIMITS } from "./read-lag";
import { DEFAULT_REPLAY_LIMITS, type ReplayLimits } from "./replay-window";
import { createCounters, type GatewayStats, publishStats } from "./stats";
import type { BackoffPolicy } from "./upstream-link";
import { type PoolLimits, UpstreamPool } from "./upstream-pool";
import { createWriteBatcher } from "./ws-transport";
import { LivenessController, type LivenessOptions, type LivenessStats } from "./liveness/controller";

// Loaded by server.ts outside Next, so no `import "server-only"` here.
// The stream gateway: browsers speak lib/api/stream.ts frames without the key; the gateway holds the key's
// few upstream connections and shares them between every browser (docs/gateway.md).

export interface StreamGatewayOptions {
  upstream: { streamUrl: string; key: string };
  /** Read on every (re)connect instead of `upstream`, when the target can change. */
  getUpstream?: () => { streamUrl: string; key: string };
  /** Browser origins allowed to open the stream; empty or absent = same host only. */
  allowedOrigins?: string[];
  clock?: Clock;
  random?: () => number;
  limits?: Partial<PoolLimits>;
  browser?: Partial<BrowserLimits>;
  maxBrowserConnections?: number;
  /** Per client address: the abuse ceiling on browser connections, loopback as one address per connection (docs/gateway.md). */
  perIp?: Partial<IpLimits>;
  /** The client address of an upgrade request (server.ts applies TRUST_PROXY); default the socket address. */
  clientIp?: (req: IncomingMessage) => string;
  /** Every browser's send queue together (default 256 MiB): past it, the browser that would grow it is closed. */
  maxTotalQueuedBytes?: number;
  releaseGraceMs?: number;
  idleCloseMs?: number;
  subscribeTimeoutMs?: number;
  /** Tiered liveness: a new resource the upstream leaves unacknowledged this long is polled instead (default 5 s). */
  firstAckFallbackMs?: number;
  backoff?: BackoffPolicy;
  /** After the upstream rejects the key (default 60 s doubling to 30 min, half random). */
  authBackoff?: BackoffPolicy;
  replay?: ReplayLimits;
  /** Protocol pings to browsers and upstream; a peer silent for two intervals is dropped. */
  heartbeatMs?: number;
  log?: Pick<Logger, "warn">;
  /** Publish figures to /api/usage and /api/metrics (default true). */
  registerUsage?: boolean;
  /**
   * Tiered liveness (docs/gateway.md): every browser subscription is accepted; the most wanted resources are streamed
   * within `limits`, the rest polled from REST through `rest`. Without it, a subscription past the budget is refused.
   */
  liveness?: Omit<LivenessOptions, "budget" | "clock" | "onWarn"> & { pulseReserve?: number };
}

export interface StreamGateway {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
  stats(): GatewayStats & Partial<LivenessStats>;
  /** Per client address with polled views: its polling credits over the last minute and its cap (tiered liveness). */
  addressFigures(): ReturnType<LivenessController["addressFigures"]>;
}

// Abuse bounds only: a browser with every tab on one socket (hundreds of views) restoring them all at once fits.
export const DEFAULT_BROWSER_LIMITS: BrowserLimits = {
  maxSubscriptions: 500,
  subscribeRatePerSec: 50,
  subscribeBurst: 500,
  frameRatePerSec: 100,
  frameBurst: 600,
  maxFrameBytes: MAX_FRAME_BYTES,
  sendHighWaterBytes: 128 * 1024,
  maxQueuedBytes: 512 * 1024,
  maxUnreadBytes: DEFAULT_READ_LAG_LIMITS.maxUnreadBytes,
  maxReadLagMs: DEFAULT_READ_LAG_LIMITS.maxLagMs,
  probeEveryBytes: DEFAULT_READ_LAG_LIMITS.probeEveryBytes,
  trackedTokens: STREAM_LIMITS.trackedTokens,
};

const TERMINATE_AFTER_CLOSE_MS = 2_000;
/** Upstream subscription slots kept for pulse views under tiered liveness. */
export const DEFAULT_PULSE_RESERVE = 4;

function originAllowed(req: IncomingMessage, allowedOrigins: string[]): boolean {
  const origin = req.headers.origin;
  if (!origin) return true; // non-browser clients send no Origin; browsers always do
  if (allowedOrigins.includes(origin)) return true;
  if (!URL.canParse(origin)) return false;
  return new URL(origin).host === req.headers.host;
}

/** server.ts passes its logger (LOG_LEVEL from the config); tests that pass none get warnings at the default level. */
function defaultLog(): Pick<Logger, "warn"> {
  return createLogger("info").child({ component: "stream-gateway" });
}

export function createStreamGateway(options: StreamGatewayOptions): StreamGateway {
  const clock = options.clock ?? realClock;
  const log = options.log ?? defaultLog();
  const allowedOrigins = options.allowedOrigins ?? [];
  const counters = createCounters();
  const limits: BrowserLimits = { ...DEFAULT_BROWSER_LIMITS, ...options.browser };
  const maxBrowsers = options.maxBrowserConnections ?? 10_000;
  const heartbeatMs = options.heartbeatMs ?? 30_000;
  const target = options.getUpstream ?? (() => options.upstream);
  const poolLimits = { ...STREAM_LIMITS, ...options.limits };
  const liveness = options.liveness
    ? new LivenessController({
        ...options.liveness,
        budget: { ...poolLimits, pulseReserve: options.liveness.pulseReserve ?? DEFAULT_PULSE_RESERVE },
        clock,
        onWarn: (message) => log.warn(message),
      })
    : undefined;
  const pool = new UpstreamPool({
    target, clock, random: options.random ?? Math.random,
    limits: poolLimits,
    liveness,
    releaseGraceMs: options.releaseGraceMs ?? 10_000,
    idleCloseMs: options.idleCloseMs ?? 30_000,
    subscribeTimeoutMs: options.subscribeTimeoutMs ?? 15_000,
    firstAckFallbackMs: options.firstAckFallbackMs,
    backoff: options.backoff ?? { baseMs: 250, maxMs: 15_000 },
    authBackoff: options.authBackoff ?? { baseMs: 60_000, maxMs: 30 * 60_000 },
    replay: options.replay ?? DEFAULT_REPLAY_LIMITS,
    keepaliveMs: heartbeatMs,
    counters,
    onWarn: (message) => log.warn(message),
  });
  liveness?.start(pool);
  // The socket under each session doubles a browser's maximum frame: oversized frames get an error frame, huge ones a close.
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxFrameBytes * 4, perMessageDeflate: false, clientTracking: false });
  const sessions = new Map<WebSocket, { session: BrowserSession; alive: boolean }>();
  const batcher = createWriteBatcher(clock);
  const budget = { queued: 0, max: options.maxTotalQueuedBytes ?? 256 * 1024 * 1024 };
  const quotas = new IpQuotas({ ...DEFAULT_IP_LIMITS, ...options.perIp });
  const clientIp = options.clientIp ?? ((req: IncomingMessage) => req.socket.remoteAddress ?? "unknown");
  let closing = false;

  const stats = (): GatewayStats & Partial<LivenessStats> => {
    const p = pool.stats();
    let browserSubscriptions = 0;
    let queuedBytes = 0;
    for (const { session } of sessions.values()) {
      browserSubscriptions += session.subs.size;
      queuedBytes += session.queuedBytes;
    }
    return {
      ...counters,
      upstreamConnections: p.upstreamConnections,
      upstreamSubscriptions: p.upstreamSubscriptions,
      trackedTokens: p.trackedTokens,
      connectionMinutes: Math.round((p.connectedMs / 60_000) * 100) / 100,
      browserConnections: sessions.size,
      browserSubscriptions,
      queuedBytes,
      ...liveness?.stats(),
    };
  };
  const unregister = options.registerUsage === false ? () => {} : registerUsageSource("stream", () => ({ ...stats() }));
  if (options.registerUsage !== false) publishStats(stats);

  function refuse(ws: WebSocket, code: StreamErrorCode, message: string, closeCode: number) {
    ws.on("error", () => ws.terminate());
    ws.send(JSON.stringify({ type: "error", code, message }));
    ws.close(closeCode, code);
    clock.setTimeout(() => ws.terminate(), TERMINATE_AFTER_CLOSE_MS);
  }

  function accept(ws: WebSocket, socket: Duplex, quota: IpQuota) {
    counters.browserConnectionsTotal++;
    const session = new BrowserSession(
      batcher.transport(ws, socket),
      { pool, clock, counters, limits, budget, quota, onClosed: () => sessions.delete(ws) },
    );
    const entry = { session, alive: true };
    sessions.set(ws, entry);
    socket.on("drain", () => session.pump());
    ws.on("message", (data, isBinary) => session.handleMessage(data as Buffer, isBinary));
    ws.on("pong", (data) => {
      entry.alive = true;
      session.pong(data);
    });
    ws.on("close", () => session.dispose());
    ws.on("error", () => {
      session.dispose();
      ws.terminate();
    });
    session.start();
  }

  let heartbeat: TimerHandle | undefined;
  const beat = () => {
    for (const [ws, entry] of sessions) {
      if (!entry.alive) {
        entry.session.dispose();
        ws.terminate();
        continue;
      }
      entry.alive = false;
      ws.ping();
    }
    heartbeat = clock.setTimeout(beat, heartbeatMs);
  };
  heartbeat = clock.setTimeout(beat, heartbeatMs);

  return {
    handleUpgrade(req, socket, head) {
      if (closing) return void socket.destroy();
      wss.handleUpgrade(req, socket, head, (ws) => {
        if (!originAllowed(req, allowedOrigins)) {
          counters.originRejected++;
          return refuse(ws, "origin_forbidden", "this origin may not open the stream", CLOSE_CODES.originForbidden);
        }
        if (sessions.size >= maxBrowsers) {
          counters.limitRejections++;
          return refuse(ws, "limit_connections", "the stream is at capacity; retry shortly", CLOSE_CODES.limitConnections);
        }
        const quota = quotas.admit(clientIp(req));
        if (!quota) {
          counters.limitRejections++;
          return refuse(ws, "limit_ip_connections", "more stream connections from this address than any network of browsers opens", CLOSE_CODES.limitConnections);
        }
        accept(ws, socket, quota);
      });
    },
    async close() {
      if (closing) return;
      closing = true;
      clock.clearTimeout(heartbeat);
      unregister();
      if (options.registerUsage !== false) publishStats(undefined);
      const open = [...sessions.keys()];
      for (const ws of open) sessions.get(ws)?.session.close(CLOSE_CODES.shuttingDown, "server shutting down");
      liveness?.close();
      pool.close();
      await Promise.race([
        Promise.all(open.map((ws) => (ws.readyState === ws.CLOSED ? null : new Promise((r) => ws.once("close", r))))),
        new Promise((r) => setTimeout(r, 1_000).unref()),
      ]);
      for (const ws of open) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
    stats,
    addressFigures: () => liveness?.addressFigures() ?? [],
  };
}

export type { GatewayStats } from "./stats";
export { readGatewayStats } from "./stats";
