import type { EndpointDef, EndpointInput } from "@/lib/api/endpoints";
import { ApiError } from "@/lib/api/errors";
import { canonicalQuery } from "@/lib/api/validate";
import { planBatch } from "./batch-items";
import { createCoalescer } from "./coalescer";
import type { CreditsLedger, Reservation } from "./credits-ledger";
import type { SharedCache } from "../fleet/shared-cache";
import type { CacheEntry, CacheLookup, ResponseCache } from "./response-cache";
import { stableStringify } from "./stable-stringify";
import type { UpstreamClient } from "./upstream-client";

// validated input → cache → coalesce → upstream. Shared by the /api/v1 route and server components.

export { stableStringify };

export type CacheStatus = "hit" | "miss" | "stale" | "coalesced";

export interface CallResult<T = unknown> {
  status: number;
  /** The JSON text to send (the upstream's envelope, or a degraded copy of a cached one). */
  text: string;
  /** The envelope, parsed on first read. */
  readonly body: T;
  headers: { cache: CacheStatus; ageMs: number; degraded: boolean; cacheControl: string };
}

export interface ProxyObserver {
  cache?(endpoint: string, result: CacheStatus | "degraded"): void;
  refreshFailed?(endpoint: string, error: unknown): void;
}

export interface CallOptions {
  /** A cached copy older than this is not good enough (a poller wants fresh rows; it still coalesces). */
  maxAgeMs?: number;
  /** Nor is one whose `meta.asOf` is before this moment of the market's clock (a stream repair after a resume). */
  minAsOf?: number;
}

/** The local ledger, or the fleet's (whose reservations wait for Redis). */
export type ProxyLedger = Omit<CreditsLedger, "reserve" | "snapshot"> & {
  reserve(endpoint: string, credits: number): Reservation | Promise<Reservation>;
};

export interface ProxyOptions {
  upstream: UpstreamClient;
  /** This instance's cache; in fleet mode a near copy of `shared`. */
  cache: ResponseCache;
  ledger: ProxyLedger;
  /** Fleet mode: the cache and the in-flight calls every instance shares. */
  shared?: SharedCache;
  now?: () => number;
  maxInFlight?: number;
  observer?: ProxyObserver;
}

/** A fresh copy from this instance's cache, as `hit` finds it. */
export interface FreshHit {
  entry: CacheEntry;
  ageMs: number;
}

export interface RestProxy {
  call<T = unknown>(def: EndpointDef, input: EndpointInput, o?: CallOptions): Promise<CallResult<T>>;
  /**
   * A GET answered by a fresh copy in this instance's own cache, counted as `call` counts a hit; `undefined` (nothing
   * counted) otherwise. `key` is `cacheKey(def, input)`. The server's fast lane answers these without `call`.
   */
  hit(def: EndpointDef, input: EndpointInput, key: string): FreshHit | undefined;
  inFlight(): number;
}

/** An answer and where it came from: our own upstream call, or another instance's through the shared cache. */
interface Filled {
  entry: CacheEntry;
  via: "upstream" | "fleet";
}

const YEAR_SEC = 31_536_000;
const sec = (ms: number) => Math.max(0, Math.floor(ms / 1000));

/** A copy answers as of the caller's `minAsOf` or later (any copy, when the caller names no moment). */
function reachesMoment(entry: CacheEntry, o: CallOptions): boolean {
  return o.minAsOf === undefined || (entry.asOf ?? Number.NEGATIVE_INFINITY) >= o.minAsOf;
}

/** A cached copy meets the caller's bounds: at most `maxAgeMs` old, and answering as of `minAsOf` or later. */
function newEnough(c: CacheLookup, o: CallOptions): boolean {
  return (o.maxAgeMs === undefined || c.ageMs <= o.maxAgeMs) && reachesMoment(c.entry, o);
}

export function cacheKey(def: EndpointDef, input: EndpointInput): string {
  const q = canonicalQuery(def, input.query);
  return def.method === "POST" ? `POST ${def.path}?${q} ${stableStringify(input.body ?? {})}` : `GET ${def.path}?${q}`;
}

/** The policy's lifetimes, not what is left of them: the `Age` header sent alongside is what a cache subtracts. */
export function cacheControl(def: EndpointDef, entry: CacheEntry): string {
  if (def.method === "POST") return "no-store";
  if (entry.immutable) return `public, max-age=${YEAR_SEC}, immutable`;
  return `public, max-age=${sec(entry.ttlMs)}, stale-while-revalidate=${sec(entry.swrMs)}, stale-if-error=${sec(entry.staleIfErrorMs)}`;
}

function result<T>(text: string, headers: CallResult["headers"]): CallResult<T> {
  let parsed: T | undefined;
  return {
    status: 200,
    text,
    headers,
    get body() {
      parsed ??= JSON.parse(text) as T;
      return parsed;
    },
  };
}

/** Upstream trouble that a stale copy may paper over (not a 4xx about the request itself). */
const staleServable = (e: unknown) => e instanceof ApiError && (e.status >= 500 || e.status === 429);

function degradedText(text: string, ageMs: number): string {
  const env = JSON.parse(text) as { meta?: Record<string, unknown> };
  return JSON.stringify({ ...env, meta: { ...env.meta, degraded: true, staleAgeMs: ageMs } });
}

export function createProxy(opts: ProxyOptions): RestProxy {
  const now = opts.now ?? Date.now;
  const inflight = createCoalescer<Filled>(opts.maxInFlight);
  const obs = opts.observer ?? {};
  const shared = opts.shared;

  async function fetchAndStore(def: EndpointDef, input: EndpointInput, key: string): Promise<CacheEntry> {
    const reservation = await opts.ledger.reserve(def.id, def.credits(input));
    let reply: Awaited<ReturnType<UpstreamClient["send"]>>;
    try {
      reply = await opts.upstream.send(def, input);
    } catch (error) {
      reservation.cancel();
      throw error;
    }
    reservation.settle(reply.creditsSpent);
    if (reply.creditsTotal !== undefined) opts.ledger.noteUpstreamTotal(reply.creditsTotal);
    const t = now();
    const { ttlMs, swrMs, staleIfErrorMs } = def.cache;
    const asOf = (reply.json as { meta?: { asOf?: unknown } } | undefined)?.meta?.asOf;
    const entry: CacheEntry = {
      text: reply.text,
      storedAt: t,
      ...(typeof asOf === "number" ? { asOf } : {}),
      ttlMs,
      swrMs,
      staleIfErrorMs,
      immutable: def.cache.immutable?.(input, t, reply.json) ?? false,
    };
    opts.cache.set(key, entry);
    return entry;
  }

  /** One call for the key: upstream, or in fleet mode another instance's answer when it holds the key's lock. */
  async function fill(def: EndpointDef, input: EndpointInput, key: string): Promise<Filled> {
    if (!shared) return { entry: await fetchAndStore(def, input, key), via: "upstream" };
    const lock = await shared.lock(key);
    if (lock === "follower") {
      const entry = await shared.wait(key);
      if (entry) {
        opts.cache.set(key, entry);
        return { entry, via: "fleet" };
      }
    }
    try {
      const entry = await fetchAndStore(def, input, key);
      shared.set(key, entry);
      return { entry, via: "upstream" };
    } finally {
      if (lock === "leader") shared.unlock(key);
    }
  }

  /** Fleet mode: a copy another instance stored, when it is newer than ours (no Redis trip while a call is ours). */
  async function lookup(key: string): Promise<CacheLookup | undefined> {
    const found = opts.cache.get(key);
    if (!shared || found?.state === "fresh" || inflight.join(key)) return found;
    const remote = await shared.get(key);
    if (!remote || (found && remote.storedAt <= found.entry.storedAt)) return found;
    opts.cache.set(key, remote);
    return opts.cache.get(key) ?? found;
  }

  const serve = <T>(def: EndpointDef, entry: CacheEntry, ageMs: number, cache: CacheStatus) =>
    result<T>(entry.text, { cache, ageMs, degraded: false, cacheControl: cacheControl(def, entry) });

  function serveStaleOnError<T>(
    def: EndpointDef,
    key: string,
    error: unknown,
    before: CacheLookup | undefined,
  ): CallResult<T> {
    if (!staleServable(error)) throw error;
    // Re-read: a concurrent call may have stored a fresh copy meanwhile.
    const again = opts.cache.get(key);
    if (again?.state === "fresh") return serve<T>(def, again.entry, again.ageMs, "hit");
    const found = again ?? before;
    if (!found) throw error;
    const ageMs = Math.max(0, now() - found.entry.storedAt);
    obs.cache?.(def.id, "degraded");
    return result<T>(degradedText(found.entry.text, ageMs), {
      cache: "stale",
      ageMs,
      degraded: true,
      cacheControl: "no-store",
    });
  }

  async function callOnce<T>(def: EndpointDef, input: EndpointInput, o: CallOptions = {}): Promise<CallResult<T>> {
    const key = cacheKey(def, input);
    const cached = shared ? await lookup(key) : opts.cache.get(key);
    const found = cached && newEnough(cached, o) ? cached : undefined;
    if (found?.state === "fresh") {
      opts.ledger.cacheHit(def.id, def.credits(input));
      obs.cache?.(def.id, "hit");
      return serve<T>(def, found.entry, found.ageMs, "hit");
    }
    if (found?.state === "stale") {
      const refreshing = inflight.join(key) !== undefined;
      if (!refreshing)
        inflight.lead(key, () => fill(def, input, key)).catch((e: unknown) => obs.refreshFailed?.(def.id, e));
      // The request that launches the refresh spends the credits itself: nothing saved by it.
      opts.ledger.cacheHit(def.id, refreshing ? def.credits(input) : 0);
      obs.cache?.(def.id, "stale");
      return serve<T>(def, found.entry, found.ageMs, "stale");
    }
    // No usable copy: join the call in flight or lead one. No await between the check and `lead`.
    const joinOrLead = () => {
      const joined = inflight.join(key);
      return { joined, call: joined ?? inflight.lead(key, () => fill(def, input, key)) };
    };
    let { joined, call } = joinOrLead();
    try {
      let { entry, via } = await call;
      // A call already in flight may have been asked before the caller's moment: then one more, after it.
      if (joined && !reachesMoment(entry, o)) {
        ({ joined, call } = joinOrLead());
        ({ entry, via } = await call);
      }
      // Saved only if the shared call succeeded (a failed one spent nothing to save).
      const status: CacheStatus = joined || via === "fleet" ? "coalesced" : "miss";
      if (status === "coalesced") opts.ledger.coalesced(def.id, def.credits(input));
      obs.cache?.(def.id, status);
      return serve<T>(def, entry, Math.max(0, now() - entry.storedAt), status);
    } catch (error) {
      return serveStaleOnError<T>(def, key, error, found);
    }
  }

  return {
    async call<T>(def: EndpointDef, input: EndpointInput, o?: CallOptions): Promise<CallResult<T>> {
      const batch = planBatch(def, input);
      if (!batch) return callOnce<T>(def, input, o);
      // Every item answered in its own slot here: nothing to send, nothing spent.
      if (!batch.input) return result<T>(batch.expand(null, now()), { cache: "hit", ageMs: 0, degraded: false, cacheControl: "no-store" });
      const r = await callOnce<T>(def, batch.input, o);
      return result<T>(batch.expand(r.text, now()), r.headers);
    },
    hit(def, input, key) {
      if (def.method !== "GET") return undefined;
      const found = opts.cache.get(key);
      if (found?.state !== "fresh") return undefined;
      opts.ledger.cacheHit(def.id, def.credits(input));
      obs.cache?.(def.id, "hit");
      return { entry: found.entry, ageMs: found.ageMs };
    },
    inFlight: () => inflight.size(),
  };
}
