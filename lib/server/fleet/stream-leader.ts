import { createHash } from "node:crypto";
import { type Channel, type ChannelParams, STREAM_LIMITS, trackedKeys } from "@/lib/api/stream";
import type { Logger } from "../logger";
import { realClock } from "../gateway/clock";
import { openUpstream, type UpstreamConnection } from "../gateway/upstream-adapter";
import { KEY_PREFIX } from "./keys";
import type { RedisLink } from "./redis-link";

// The one instance that holds the key's upstream stream connections. It holds a lease in Redis (renewed every second,
// 5 s long) with a fencing token (an epoch that grows with every new leader); it reads every live instance's demand,
// subscribes upstream to their union within the key's limits, and appends each event to a Redis Stream per
// resource (MAXLEN ~1000). Appends are fenced in Redis: a script adds the entry only while this instance still holds
// the lease, so a deposed leader cannot write even before it notices; when it notices (a failed renewal, Redis
// gone) it closes its upstream connections at once.
//
// What is live upstream is public: when the upstream acknowledges a subscription the leader adds the resource to
// `tradescope:held` and appends a `sub` marker to its stream (one script, so a reader sees one or the other); when it
// stops holding it (nobody wants it, or its upstream connection closed) it removes it and appends an `end` marker.
// Relays acknowledge their gateway's subscriptions only from there (stream-relay.ts): an acknowledged subscription
// gets every event after its acknowledgement. A new leader starts with an empty `held`.

export const LEASE_KEY = `${KEY_PREFIX}leader`;
const EPOCH_KEY = `${KEY_PREFIX}leader:epoch`;
export const DEMAND_PREFIX = `${KEY_PREFIX}demand:`;
export const ALIVE_PREFIX = `${KEY_PREFIX}alive:`;
export const EVENTS_PREFIX = `${KEY_PREFIX}ev:`;
/** resource → epoch of the leader that holds it upstream now. */
export const HELD_KEY = `${KEY_PREFIX}held`;
/** Published (with the instance id) when an instance's demand grows, so the leader acts before its next tick. */
export const DEMAND_CHANNEL = `${KEY_PREFIX}demand-changed`;
export const LEASE_MS = 5_000;
const TICK_MS = 1_000;
const STREAM_MAXLEN = 1_000;

const ACQUIRE = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local epoch = redis.call('INCR', KEYS[2])
redis.call('SET', KEYS[1], ARGV[1] .. '|' .. epoch, 'PX', ARGV[2])
redis.call('DEL', KEYS[3])
return epoch`;
const RENEW = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;
// KEYS: lease, stream. ARGV: lease value, epoch, maxlen, entry kind, payload.
const APPEND = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[3], '*', 'e', ARGV[2], 't', ARGV[4], 'f', ARGV[5])
return 1`;
// KEYS: lease, stream, held. ARGV: lease value, epoch, maxlen, marker (sub | end), resource.
const MARK = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if ARGV[4] == 'sub' then redis.call('HSET', KEYS[3], ARGV[5], ARGV[2]) else redis.call('HDEL', KEYS[3], ARGV[5]) end
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[3], '*', 'e', ARGV[2], 't', ARGV[4], 'f', '{}')
return 1`;

export interface Demand {
  channel: Channel;
  params: ChannelParams[Channel];
}

export interface StreamLeader {
  isLeader(): boolean;
  epoch(): number;
  /** Upstream subscriptions held now (leader only). */
  subscriptions(): number;
  close(): Promise<void>;
}

export interface StreamLeaderOptions {
  link: RedisLink;
  target: () => { streamUrl: string; key: string };
  logger: Pick<Logger, "info" | "warn">;
  limits?: { connections: number; subscriptionsPerConnection: number; trackedTokens: number };
}

/** Upstream subscription ids allow letters, digits and `_ . : -` only: a resource key's digest. */
const upIdOf = (resource: string) => `f${createHash("sha1").update(resource).digest("hex")}`;

interface Held {
  key: string;
  demand: Demand;
  conn: number;
}

export function createStreamLeader(o: StreamLeaderOptions): StreamLeader {
  const limits = o.limits ?? STREAM_LIMITS;
  let epoch = 0;
  let leaseValue = "";
  let closed = false;
  const held = new Map<string, Held>(); // by resource key
  const resourceOf = new Map<string, string>(); // upstream id → resource key
  const conns: Array<{ conn: UpstreamConnection; ready: boolean; subs: Set<string> } | undefined> = [];

  function append(resource: string, kind: "event" | "error", payload: unknown) {
    const r = o.link.client();
    if (!r || !leaseValue) return;
    r.eval(
      APPEND,
      2,
      LEASE_KEY,
      `${EVENTS_PREFIX}${resource}`,
      leaseValue,
      epoch,
      STREAM_MAXLEN,
      kind,
      JSON.stringify(payload),
    ).catch((e: unknown) => o.link.failed(e));
  }

  /** Tells the relays that `resource` is live upstream from here on (`sub`), or no longer (`end`). */
  function mark(resource: string, marker: "sub" | "end") {
    const r = o.link.client();
    if (!r || !leaseValue) return;
    r.eval(
      MARK,
      3,
      LEASE_KEY,
      `${EVENTS_PREFIX}${resource}`,
      HELD_KEY,
      leaseValue,
      epoch,
      STREAM_MAXLEN,
      marker,
      resource,
    ).catch((e: unknown) => o.link.failed(e));
  }

  function openConn(i: number) {
    const slot = { conn: undefined as unknown as UpstreamConnection, ready: false, subs: new Set<string>() };
    slot.conn = openUpstream({
      ...o.target(),
      clock: realClock,
      handlers: {
        onReady() {
          slot.ready = true;
          for (const key of slot.subs) {
            const h = held.get(key);
            if (h) slot.conn.subscribe(upIdOf(key), h.demand.channel, h.demand.params);
          }
        },
        onSubscribed(upId) {
          const resource = resourceOf.get(upId);
          if (resource && held.has(resource)) mark(resource, "sub");
        },
        onUnsubscribed() {},
        onError(e) {
          const resource = e.upId && resourceOf.get(e.upId);
          if (resource) append(resource, "error", { code: e.code, message: e.message, limit: e.limit });
        },
        onEvent(ev) {
          const resource = resourceOf.get(ev.upId);
          if (resource) append(resource, "event", { channel: ev.channel, kind: ev.kind, data: ev.data, meta: ev.meta });
        },
        onMalformed() {},
        onClosed() {
          if (conns[i] !== slot) return;
          conns[i] = undefined;
          // Subscriptions placed here are placed again on the next tick (on a new connection); their relays learn
          // that events were lost.
          for (const key of slot.subs) {
            held.delete(key);
            resourceOf.delete(upIdOf(key));
            mark(key, "end");
          }
        },
      },
    });
    conns[i] = slot;
    return slot;
  }

  function place(key: string, demand: Demand): boolean {
    for (let i = 0; i < limits.connections; i++) {
      const slot = conns[i] ?? openConn(i);
      if (slot.subs.size >= limits.subscriptionsPerConnection) continue;
      slot.subs.add(key);
      held.set(key, { key, demand, conn: i });
      resourceOf.set(upIdOf(key), key);
      if (slot.ready) slot.conn.subscribe(upIdOf(key), demand.channel, demand.params);
      return true;
    }
    return false;
  }

  function dropAll() {
    for (const [i, slot] of conns.entries()) {
      if (!slot) continue;
      conns[i] = undefined;
      slot.conn.close();
    }
    held.clear();
    resourceOf.clear();
  }

  async function fleetDemand(): Promise<Map<string, Demand>> {
    const r = o.link.client();
    const out = new Map<string, Demand>();
    if (!r) return out;
    const instances = (await r.smembers(`${DEMAND_PREFIX}instances`)) as string[];
    for (const inst of instances) {
      const [alive, fields] = await Promise.all([
        r.exists(`${ALIVE_PREFIX}${inst}`),
        r.hgetall(`${DEMAND_PREFIX}${inst}`),
      ]);
      if (!alive) {
        await r.srem(`${DEMAND_PREFIX}instances`, inst);
        await r.del(`${DEMAND_PREFIX}${inst}`);
        continue;
      }
      for (const [key, json] of Object.entries(fields)) if (!out.has(key)) out.set(key, JSON.parse(json) as Demand);
    }
    return out;
  }

  async function lead() {
    const want = await fleetDemand();
    for (const [key, h] of held) {
      if (want.has(key)) continue;
      held.delete(key);
      resourceOf.delete(upIdOf(key));
      const slot = conns[h.conn];
      slot?.subs.delete(key);
      if (slot?.ready) slot.conn.unsubscribe(upIdOf(key));
      mark(key, "end");
    }
    const tracked = new Set([...held.values()].flatMap((h) => trackedKeys(h.demand.channel, h.demand.params)));
    for (const [key, demand] of want) {
      if (held.has(key)) continue;
      const add = trackedKeys(demand.channel, demand.params).filter((t) => !tracked.has(t));
      if (tracked.size + add.length > limits.trackedTokens) continue;
      if (!place(key, demand)) continue;
      for (const t of add) tracked.add(t);
    }
  }

  async function tick() {
    const r = o.link.client();
    if (!r) {
      if (leaseValue) lose("redis unreachable");
      return;
    }
    try {
      if (leaseValue) {
        const ok = await r.eval(RENEW, 1, LEASE_KEY, leaseValue, LEASE_MS);
        if (ok !== 1) return lose("lease lost");
      } else {
        const got = (await r.eval(ACQUIRE, 3, LEASE_KEY, EPOCH_KEY, HELD_KEY, o.link.instanceId, LEASE_MS)) as number;
        if (got === 0) return;
        epoch = got;
        leaseValue = `${o.link.instanceId}|${got}`;
        o.logger.info({ instance: o.link.instanceId, epoch }, "stream leader: this instance holds the upstream stream");
      }
      await lead();
    } catch (error) {
      o.link.failed(error);
    }
  }

  function lose(reason: string) {
    // Without Redis the link has already warned once; a lease lost while Redis is up is news of its own.
    const line = { instance: o.link.instanceId, epoch, reason };
    if (o.link.state() === "up") o.logger.warn(line, "stream leader: lease lost; upstream stream closed");
    else o.logger.info(line, "stream leader: lease lost; upstream stream closed");
    leaseValue = "";
    dropAll();
  }

  let running = false;
  let again = false;
  const step = () => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    void tick().finally(() => {
      running = false;
      if (again) {
        again = false;
        step();
      }
    });
  };
  const timer = setInterval(step, TICK_MS);
  timer.unref();
  // New demand is served at once, not at the next tick.
  const onDemand = (channel: string) => {
    if (channel === DEMAND_CHANNEL && leaseValue) step();
  };
  const sub = o.link.subscriber;
  sub.on("error", () => {});
  sub.on("message", onDemand);
  // Once the connection is ready (a SUBSCRIBE queued before it races ioredis's ready check); ioredis renews it after
  // a reconnect.
  const listen = () => void sub.subscribe(DEMAND_CHANNEL).catch(() => {});
  if (sub.status === "ready") listen();
  else sub.once("ready", listen);
  step();

  return {
    isLeader: () => leaseValue !== "",
    epoch: () => epoch,
    subscriptions: () => held.size,
    async close() {
      closed = true;
      clearInterval(timer);
      sub.off("message", onDemand);
      sub.off("ready", listen);
      void o.link.subscriber.unsubscribe(DEMAND_CHANNEL).catch(() => {});
      const value = leaseValue;
      leaseValue = "";
      dropAll();
      const r = o.link.client();
      if (value && r) await r.eval(RELEASE, 1, LEASE_KEY, value).catch(() => {});
    },
  };
}
