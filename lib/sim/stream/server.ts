import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer } from "ws";
import { STREAM_LIMITS, STREAM_PATH } from "@/lib/api";
import type { CreditLedger, FaultConfig, MarketFeed } from "../feed";
import type { SimUsage } from "../usage";
import { Connection } from "./connection";
import type { ConnectionConfig } from "./connection-deps";
import { createHub } from "./hub";
import { createKeyRegistry, type StreamLimits } from "./key-registry";
import { createRandom } from "./rng";
import { realClock, type TimerHandle, type Clock } from "@/lib/api/clock";

// §6: the embedded service's `/v1/stream`. `ws` in noServer mode; the HTTP server hands us its upgrades.

export interface SimStreamServerOptions {
  feed: MarketFeed;
  isValidKey(key: string): boolean;
  ledger: CreditLedger;
  /** Read live on every decision: changing the config affects open connections. */
  faults: () => FaultConfig;
  /** Clock for `meta.asOf`; defaults to the market's. */
  now?: () => number;
  /** Market-side scheduling: 1 s windows, pulse snapshots, stream faults. `createClockTimers(clock)` follows a virtual market clock. */
  timers?: Clock;
  /** Network-side scheduling (auth deadline, heartbeat, credits per connection-minute); wall time by default. */
  wallTimers?: Clock;
  /** Seeded source for fault decisions. */
  random?: () => number;
  limits?: StreamLimits;
  authTimeoutMs?: number;
  heartbeatMs?: number;
  /** Per-socket send buffer cap before `slow_consumer`. */
  maxBufferedBytes?: number;
  /** Benchmark baseline only: serialize every event once per socket instead of once per subscription. */
  fanout?: "shared" | "per-socket";
  /** Sockets still waiting for their auth frame; more are refused with 503. */
  maxPendingConnections?: number;
  usage?: SimUsage;
}

export interface SimStreamStats {
  connections: number;
  pending: number;
  keys: number;
  subscriptions: number;
  groups: number;
  eventsPublished: number;
  serializations: number;
  framesQueued: number;
  framesSent: number;
  bytesSent: number;
  duplicated: number;
  skipped: number;
  slowConsumers: number;
  droppedByFault: number;
  refused: number;
  /** Failures caught while building events (the feed threw); each is contained to that one event. */
  errors: number;
}

/** How `dropAll` ends connections: as a network failure would (the client sees 1006), or closed 1001 (§ close codes). */
export type StreamDropMode = "abrupt" | "shutdown";

export interface SimStreamServer {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Ends every open connection now (fault injection, control API); returns how many. New ones are accepted. */
  dropAll(mode: StreamDropMode): number;
  close(): Promise<void>;
  stats(): SimStreamStats;
}

/** Hard ceiling the ws parser enforces (close 1009); frames over MAX_FRAME_BYTES but under it get an error frame. */
const WS_MAX_PAYLOAD = 256 * 1024;
const DROP_CHECK_MS = 100;

export function createSimStreamServer(opts: SimStreamServerOptions): SimStreamServer {
  const timers = opts.timers ?? realClock;
  const wall = opts.wallTimers ?? realClock;
  const random = opts.random ?? createRandom();
  const config: ConnectionConfig = {
    limits: opts.limits ?? { ...STREAM_LIMITS },
    authTimeoutMs: opts.authTimeoutMs ?? 10_000,
    heartbeatMs: opts.heartbeatMs ?? 30_000,
    maxBufferedBytes: opts.maxBufferedBytes ?? 4 * 1024 * 1024,
    creditIntervalMs: 60_000,
    frameBurst: 100,
    framesPerSecond: 50,
  };
  const maxPending = opts.maxPendingConnections ?? 256;
  const hub = createHub(opts.feed, timers, opts.now ?? (() => opts.feed.now()), opts.fanout);
  const registry = createKeyRegistry(config.limits);
  opts.usage?.attachStream(() => {
    const out = new Map<string, { connections: number; subscriptionsPerConnection: number[]; tracked: number }>();
    for (const c of conns) {
      if (c.state !== "open" || !c.key) continue;
      const e = out.get(c.key) ?? { connections: 0, subscriptionsPerConnection: [], tracked: registry.tracked(c.key) };
      e.connections++;
      e.subscriptionsPerConnection.push(c.subscriptions);
      out.set(c.key, e);
    }
    return out;
  });
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: WS_MAX_PAYLOAD,
    perMessageDeflate: false,
    clientTracking: false,
  });
  const conns = new Set<Connection>();
  const done = { framesSent: 0, bytesSent: 0, duplicated: 0, skipped: 0 };
  const counters = { slowConsumers: 0, droppedByFault: 0, refused: 0 };
  let closed = false;
  let dropTimer: TimerHandle | undefined;

  // streamDropAfterMs is read live, so a change reaches connections opened before it
  const dropCheck = () => {
    dropTimer = undefined;
    const after = opts.faults().streamDropAfterMs;
    if (after !== null) {
      const now = timers.now();
      for (const c of conns)
        if ((c.state === "pending" || c.state === "open") && now - c.openedAt >= after) {
          counters.droppedByFault++;
          c.drop();
        }
    }
    if (conns.size && !closed) dropTimer = timers.setTimeout(dropCheck, DROP_CHECK_MS);
  };

  const deps = {
    feed: opts.feed,
    hub,
    registry,
    isValidKey: opts.isValidKey,
    ledger: opts.ledger,
    timers,
    wall,
    faults: opts.faults,
    random,
    config,
    onSlowConsumer: () => counters.slowConsumers++,
    usage: opts.usage,
    onClose: (c: Connection) => {
      conns.delete(c);
      for (const k of ["framesSent", "bytesSent", "duplicated", "skipped"] as const) done[k] += c.outbox.stats[k];
    },
  };

  const refuse = (socket: Duplex, status: string) => {
    counters.refused++;
    socket.once("finish", () => socket.destroy());
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  };

  return {
    handleUpgrade(req, socket, head) {
      const path = (req.url ?? "").split("?")[0];
      if (path !== STREAM_PATH) return refuse(socket, "404 Not Found");
      if (closed || opts.faults().streamRefuseConnections) return refuse(socket, "503 Service Unavailable");
      let pending = 0;
      for (const c of conns) if (c.state === "pending") pending++;
      if (pending >= maxPending) return refuse(socket, "503 Service Unavailable");
      wss.handleUpgrade(req, socket, head, (ws) => {
        if (closed) return ws.terminate();
        conns.add(new Connection(ws, deps));
        if (!dropTimer) dropTimer = timers.setTimeout(dropCheck, DROP_CHECK_MS);
      });
    },
    dropAll(mode) {
      const live = [...conns].filter((c) => c.state === "pending" || c.state === "open");
      counters.droppedByFault += live.length;
      for (const c of live) {
        if (mode === "abrupt") c.drop();
        else {
          c.shutdown();
          // a peer that never answers the close frame is cut off after a second, as on close()
          wall.setTimeout(() => c.drop(), 1000);
        }
      }
      return live.length;
    },
    async close() {
      if (closed) return;
      closed = true;
      timers.clearTimeout(dropTimer);
      const all = [...conns];
      for (const c of all) c.shutdown();
      const gone = Promise.all(all.map((c) => c.whenClosed));
      // peers that never answer the close frame are cut off after a second
      const kill = setTimeout(() => all.forEach((c) => c.drop()), 1000);
      await gone;
      clearTimeout(kill);
      hub.dispose();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
    stats() {
      let subscriptions = 0;
      let pending = 0;
      const live = { ...done };
      for (const c of conns) {
        subscriptions += c.subscriptions;
        if (c.state === "pending") pending++;
        for (const k of ["framesSent", "bytesSent", "duplicated", "skipped"] as const) live[k] += c.outbox.stats[k];
      }
      return {
        connections: conns.size,
        pending,
        keys: registry.size(),
        subscriptions,
        groups: hub.groups(),
        ...hub.stats,
        ...live,
        ...counters,
      };
    },
  };
}
