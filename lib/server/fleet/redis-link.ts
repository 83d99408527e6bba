import { hostname } from "node:os";
import { Redis } from "ioredis";
import type { Logger } from "../ops/logger";

// The instance's Redis connection: commands fail at once while Redis is away, so callers fall back (docs/fleet.md).

export type FleetLinkState = "up" | "down";

export interface RedisLink {
  readonly instanceId: string;
  /** Commands (null while Redis is unreachable: use local state). */
  client(): Redis | null;
  /** A second connection in subscriber mode (pub/sub needs its own). */
  subscriber: Redis;
  state(): FleetLinkState;
  /** Marks the link down after a failed command (a timeout may come before the socket notices). */
  failed(error: unknown): void;
  onStateChange(listener: (state: FleetLinkState) => void): () => void;
  health(): { state: FleetLinkState; since: number; outages: number; lastError: string | null };
  close(): Promise<void>;
}

export interface RedisLinkOptions {
  url: string;
  logger: Pick<Logger, "warn" | "info">;
  /** Per-command timeout (default 500 ms): a slow Redis counts as a down one. */
  commandTimeoutMs?: number;
  /** Reconnect attempts every this many ms (default 1000). */
  retryMs?: number;
  instanceId?: string;
  now?: () => number;
}

export function createRedisLink(opts: RedisLinkOptions): RedisLink {
  const now = opts.now ?? Date.now;
  const instanceId = opts.instanceId ?? `${hostname()}:${process.pid}`;
  const common = {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => opts.retryMs ?? 1000,
    connectTimeout: 2_000,
    lazyConnect: false,
  };
  const redis = new Redis(opts.url, { ...common, commandTimeout: opts.commandTimeoutMs ?? 500 });
  const subscriber = new Redis(opts.url, { ...common, enableOfflineQueue: true, maxRetriesPerRequest: null });
  let state: FleetLinkState = "down";
  let since = now();
  let outages = 0;
  let lastError: string | null = null;
  let everUp = false;
  let warned = false;
  const listeners = new Set<(s: FleetLinkState) => void>();

  const set = (next: FleetLinkState) => {
    if (next === state) return;
    state = next;
    since = now();
    if (next === "down") {
      outages++;
      if (!warned) {
        warned = true;
        opts.logger.warn(
          { instance: instanceId, error: lastError },
          "redis unreachable: this instance serves from its own cache and its share of the stream budget until it is back",
        );
      }
    } else {
      if (everUp) opts.logger.info({ instance: instanceId }, "redis is back: this instance rejoined the fleet");
      everUp = true;
      warned = false;
    }
    for (const l of listeners) l(next);
  };

  redis.on("ready", () => set("up"));
  redis.on("error", (e: Error) => {
    lastError = e.message;
  });
  redis.on("close", () => set("down"));
  redis.on("end", () => set("down"));

  return {
    instanceId,
    client: () => (state === "up" ? redis : null),
    subscriber,
    state: () => state,
    failed(error) {
      lastError = error instanceof Error ? error.message : String(error);
      // A timeout on a live socket: ioredis keeps the connection, so look again at the next ready event or command.
      if (redis.status !== "ready") set("down");
    },
    onStateChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    health: () => ({ state, since, outages, lastError }),
    async close() {
      listeners.clear();
      redis.removeAllListeners();
      subscriber.removeAllListeners();
      redis.disconnect();
      subscriber.disconnect();
    },
  };
}

/** Resolves once `link` is connected (at once when it already is). */
export function linkUp(link: RedisLink): Promise<void> {
  return new Promise((resolve) => {
    if (link.state() === "up") return resolve();
    const off = link.onStateChange((s) => {
      if (s !== "up") return;
      off();
      resolve();
    });
  });
}
