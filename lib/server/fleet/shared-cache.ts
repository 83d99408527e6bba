import { createHash, randomBytes } from "node:crypto";
import type { CacheEntry } from "../proxy/response-cache";
import { KEY_PREFIX } from "./keys";
import type { RedisLink } from "./redis-link";

// The REST cache every instance shares, and coalescing across instances by a short lock per key (docs/fleet.md).

export type LockResult = "leader" | "follower" | "unavailable";

export interface SharedCache {
  get(key: string): Promise<CacheEntry | undefined>;
  set(key: string, entry: CacheEntry): void;
  lock(key: string): Promise<LockResult>;
  /** Releases the lock (only if this instance still holds it) and wakes the waiters. */
  unlock(key: string): void;
  /** Another instance's answer, or undefined when it failed, vanished or timed out: then call upstream yourself. */
  wait(key: string): Promise<CacheEntry | undefined>;
  close(): Promise<void>;
}

export interface SharedCacheOptions {
  link: RedisLink;
  /** How long a lock holds (and a waiter waits) before others call upstream themselves. */
  lockMs: number;
  /** Backstop poll while waiting, in case a fill note is missed (default 100 ms). */
  pollMs?: number;
  now?: () => number;
}

/** Immutable pages (closed candles) stay a day; Redis may evict them sooner. */
const IMMUTABLE_TTL_MS = 86_400_000;
const CHANNEL = `${KEY_PREFIX}filled`;

const digest = (key: string) => createHash("sha256").update(key).digest("base64url");

export function encodeEntry(e: CacheEntry): string {
  const head = {
    storedAt: e.storedAt,
    ...(e.asOf !== undefined ? { asOf: e.asOf } : {}),
    ttlMs: e.ttlMs,
    swrMs: e.swrMs,
    staleIfErrorMs: e.staleIfErrorMs,
    immutable: e.immutable,
  };
  return `${JSON.stringify(head)}\n${e.text}`;
}

export function decodeEntry(raw: string): CacheEntry | undefined {
  const nl = raw.indexOf("\n");
  if (nl < 0) return undefined;
  try {
    const head = JSON.parse(raw.slice(0, nl)) as Omit<CacheEntry, "text">;
    if (typeof head.storedAt !== "number" || typeof head.ttlMs !== "number") return undefined;
    if (head.asOf !== undefined && typeof head.asOf !== "number") delete head.asOf;
    return { ...head, text: raw.slice(nl + 1) };
  } catch {
    return undefined;
  }
}

/** Milliseconds Redis keeps an entry: as long as any reader could still use it (stale-if-error included). */
export function entryTtlMs(e: CacheEntry, now: number): number {
  if (e.immutable) return IMMUTABLE_TTL_MS;
  return Math.max(1, e.storedAt + e.ttlMs + Math.max(e.swrMs, e.staleIfErrorMs) - now);
}

const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

export function createSharedCache(opts: SharedCacheOptions): SharedCache {
  const { link } = opts;
  const now = opts.now ?? Date.now;
  const pollMs = opts.pollMs ?? 100;
  const token = randomBytes(8).toString("hex");
  const waiters = new Map<string, Set<() => void>>();
  const entryKey = (d: string) => `${KEY_PREFIX}c:${d}`;
  const lockKey = (d: string) => `${KEY_PREFIX}l:${d}`;

  link.subscriber.on("error", () => {});
  link.subscriber.on("message", (channel: string, d: string) => {
    if (channel !== CHANNEL) return;
    const set = waiters.get(d);
    if (!set) return;
    waiters.delete(d);
    for (const wake of set) wake();
  });
  // Once the connection is ready (a SUBSCRIBE queued before it races ioredis's ready check); renewed on reconnects.
  const listen = () => void link.subscriber.subscribe(CHANNEL).catch(() => {});
  if (link.subscriber.status === "ready") listen();
  else link.subscriber.once("ready", listen);

  const nap = (d: string, ms: number) =>
    new Promise<void>((resolve) => {
      let set = waiters.get(d);
      if (!set) waiters.set(d, (set = new Set()));
      const wake = () => {
        clearTimeout(timer);
        set.delete(wake);
        if (set.size === 0 && waiters.get(d) === set) waiters.delete(d);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      set.add(wake);
    });

  async function run<T>(fn: (r: NonNullable<ReturnType<RedisLink["client"]>>) => Promise<T>): Promise<T | undefined> {
    const r = link.client();
    if (!r) return undefined;
    try {
      return await fn(r);
    } catch (error) {
      link.failed(error);
      return undefined;
    }
  }

  return {
    async get(key) {
      const raw = await run((r) => r.get(entryKey(digest(key))));
      return raw ? decodeEntry(raw) : undefined;
    },
    set(key, entry) {
      const d = digest(key);
      void run(async (r) => {
        await r.set(entryKey(d), encodeEntry(entry), "PX", entryTtlMs(entry, now()));
        await r.publish(CHANNEL, d);
      });
    },
    async lock(key) {
      const got = await run((r) => r.set(lockKey(digest(key)), token, "PX", opts.lockMs, "NX"));
      if (got === undefined) return "unavailable";
      return got === "OK" ? "leader" : "follower";
    },
    unlock(key) {
      const d = digest(key);
      void run(async (r) => {
        await r.eval(RELEASE, 1, lockKey(d), token);
        await r.publish(CHANNEL, d);
      });
    },
    async wait(key) {
      const d = digest(key);
      const deadline = now() + opts.lockMs;
      for (;;) {
        const pair = await run((r) => r.mget(entryKey(d), lockKey(d)));
        if (!pair) return undefined;
        const [raw, holder] = pair;
        const entry = raw ? decodeEntry(raw) : undefined;
        if (entry && (entry.immutable || now() - entry.storedAt < entry.ttlMs)) return entry;
        if (!holder) return undefined; // the holder gave up without an answer: call yourself
        const left = deadline - now();
        if (left <= 0) return undefined;
        await nap(d, Math.min(pollMs, left));
      }
    },
    async close() {
      for (const set of waiters.values()) for (const wake of [...set]) wake();
      waiters.clear();
      link.subscriber.off("ready", listen);
      // Not awaited: the subscriber connection queues while Redis is away.
      void link.subscriber.unsubscribe(CHANNEL).catch(() => {});
    },
  };
}
