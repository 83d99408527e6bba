import { createHash } from "node:crypto";
import { type Channel, type ChannelParams, STREAM_LIMITS, trackedKeys } from "@/lib/api/stream";
import { realClock } from "@/lib/api/clock";
import {
  adopt,
  DEFAULT_SCHEDULER_OPTIONS,
  EMPTY_SCHEDULER_STATE,
  type LivenessBudget,
  type SchedulerState,
  schedule,
} from "../gateway/liveness/scheduler";
import { openUpstream, type UpstreamConnection } from "../gateway/upstream-adapter";
import type { Logger } from "../ops/logger";
import { DEMAND_CHANNEL, MODES_KEY, readReports } from "./fleet-liveness";
import { leaderBudget, mergeDemand } from "./fleet-schedule";
import { KEY_PREFIX } from "./keys";
import type { RedisLink } from "./redis-link";

// The one instance that holds the key's upstream stream, under a fenced lease (docs/fleet.md).

export const LEASE_KEY = `${KEY_PREFIX}leader`;
const EPOCH_KEY = `${KEY_PREFIX}leader:epoch`;
export const EVENTS_PREFIX = `${KEY_PREFIX}ev:`;
/** resource → epoch of the leader that holds it upstream now. */
export const HELD_KEY = `${KEY_PREFIX}held`;
export const LEASE_MS = 5_000;
const TICK_MS = 1_000;
/** The published decision outlives a dead leader long enough for the next one to start from it. */
const MODES_TTL_MS = 4 * LEASE_MS;
/** An unsubscribe's slot and tracked keys count until the upstream acknowledges it, at most this long. */
const RELEASE_MS = 5_000;
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
// KEYS: lease, stream, held. ARGV: lease value, epoch, maxlen, marker (sub | end), resource, payload.
const MARK = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if ARGV[4] == 'sub' then redis.call('HSET', KEYS[3], ARGV[5], ARGV[2]) else redis.call('HDEL', KEYS[3], ARGV[5]) end
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[3], '*', 'e', ARGV[2], 't', ARGV[4], 'f', ARGV[6])
return 1`;
// KEYS: lease, modes. ARGV: lease value, epoch, ttl, n, n streamed resources, then the polled ones.
const PUBLISH = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[2])
redis.call('HSET', KEYS[2], '_', ARGV[2])
local n = tonumber(ARGV[4])
for i = 5, #ARGV do redis.call('HSET', KEYS[2], ARGV[i], i <= 4 + n and 'stream' or 'poll') end
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return 1`;

/**
 * Why the leader stops holding a resource, for the relays. `dropped`: the fleet's decision no longer streams it; an
 * instance still receiving it demotes it on its next tick (its poller repairs from the last streamed row), or, if
 * the fleet streams it again first, its relay reconnects it at the `sub` (the gap is repaired there). `lost`: the
 * upstream connection closed under it; a relay reconnects its gateway at once.
 */
export type EndReason = "dropped" | "lost";

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
  /** The key's stream budget (default §8's, with 4 slots kept for pulse). */
  limits?: LivenessBudget;
  /** FLEET_EXPECTED_INSTANCES: the share of each that does not report is kept out of the budget. */
  expectedInstances?: number;
  /** STREAM_ADDRESS_SHARE: the most one client address holds, across every instance's viewers (default 1: no cap). */
  addressShare?: number;
}

/** Upstream subscription ids allow letters, digits and `_ . : -` only: a resource key's digest. */
const upIdOf = (resource: string) => `f${createHash("sha1").update(resource).digest("hex")}`;

interface Held {
  key: string;
  demand: Demand;
  conn: number;
}

export function createStreamLeader(o: StreamLeaderOptions): StreamLeader {
  const limits: LivenessBudget = o.limits ?? { ...STREAM_LIMITS, pulseReserve: 4 };
  let budget = limits;
  let state: SchedulerState = EMPTY_SCHEDULER_STATE;
  let seeded = false;
  let epoch = 0;
  let leaseValue = "";
  let closed = false;
  const held = new Map<string, Held>(); // by resource key
  const resourceOf = new Map<string, string>(); // upstream id → resource key
  const conns: Array<{ conn: UpstreamConnection; ready: boolean; subs: Set<string> } | undefined> = [];
  /** Unsubscribes the upstream has not acknowledged yet, by upstream id: they still count against the limits. */
  const releasing = new Map<string, { keys: readonly string[]; conn: number; at: number }>();

  /** Appends one entry to `resource`'s stream through a lease-fenced script (a deposed leader's appends are refused). */
  function fenced(
    script: string,
    resource: string,
    kind: string,
    extraKeys: string[],
    payload: string,
    extraArgs: string[] = [],
  ) {
    const r = o.link.client();
    if (!r || !leaseValue) return;
    r.eval(
      script,
      2 + extraKeys.length,
      LEASE_KEY,
      `${EVENTS_PREFIX}${resource}`,
      ...extraKeys,
      leaseValue,
      epoch,
      STREAM_MAXLEN,
      kind,
      ...extraArgs,
      payload,
    ).catch((e: unknown) => o.link.failed(e));
  }

  function append(resource: string, kind: "event" | "error", payload: unknown) {
    fenced(APPEND, resource, kind, [], JSON.stringify(payload));
  }

  /** Tells the relays that `resource` is live upstream from here on (`sub`), or no longer (`end`). */
  function mark(resource: string, marker: "sub" | "end", reason: EndReason = "lost") {
    fenced(MARK, resource, marker, [HELD_KEY], marker === "end" ? JSON.stringify({ reason }) : "{}", [resource]);
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
        onUnsubscribed(upId) {
          releasing.delete(upId);
        },
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
          for (const [upId, r] of releasing) if (r.conn === i) releasing.delete(upId);
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
    for (let i = 0; i < budget.connections; i++) {
      const slot = conns[i] ?? openConn(i);
      const pending = [...releasing.values()].filter((r) => r.conn === i).length;
      if (slot.subs.size + pending >= budget.subscriptionsPerConnection) continue;
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
    releasing.clear();
  }

  /** One scheduling step over the fleet's demand; publishes the decision and holds it upstream. */
  async function lead() {
    const r = o.link.client();
    if (!r) return;
    const now = Date.now();
    if (!seeded) {
      // Start from what the previous leader decided: its streamed resources keep their place for their dwell.
      const published = (await r.hgetall(MODES_KEY)) as Record<string, string>;
      const modes = new Map(
        Object.entries(published)
          .filter(([k, v]) => k !== "_" && v === "stream")
          .map(([k]) => [k, "stream" as const]),
      );
      state = adopt(EMPTY_SCHEDULER_STATE, modes, now);
      seeded = true;
    }
    const reports = await readReports(o.link);
    const fleet = mergeDemand(reports.values());
    budget = leaderBudget(limits, o.expectedInstances ?? 1, reports.size);
    const d = schedule(state, fleet.demand, now, {
      ...DEFAULT_SCHEDULER_OPTIONS,
      addressShare: o.addressShare ?? DEFAULT_SCHEDULER_OPTIONS.addressShare,
      budget,
    });
    state = d.state;
    const streamed = [...d.modes].filter(([, m]) => m === "stream").map(([k]) => k);
    const polled = [...d.modes].filter(([, m]) => m === "poll").map(([k]) => k);
    await r.eval(
      PUBLISH,
      2,
      LEASE_KEY,
      MODES_KEY,
      leaseValue,
      epoch,
      MODES_TTL_MS,
      streamed.length,
      ...streamed,
      ...polled,
    );
    const demands = (keys: readonly string[]) => {
      const out = new Map<string, Demand>();
      for (const key of keys) {
        const p = fleet.params.get(key);
        if (p) out.set(key, { channel: p.channel, params: p.params });
      }
      return out;
    };
    hold(demands(streamed), demands(fleet.lingering));
  }

  function release(key: string, now: number) {
    const h = held.get(key);
    if (!h) return;
    held.delete(key);
    resourceOf.delete(upIdOf(key));
    const slot = conns[h.conn];
    slot?.subs.delete(key);
    if (slot?.ready) {
      slot.conn.unsubscribe(upIdOf(key));
      releasing.set(upIdOf(key), { keys: trackedKeys(h.demand.channel, h.demand.params), conn: h.conn, at: now });
    }
    mark(key, "end", "dropped");
  }

  /**
   * Upstream subscriptions for the decided resources (in order, while the budget lasts), then for lingering ones while
   * there is room; a lingering one gives its place to a decided one. Everything else is released.
   */
  function hold(decided: Map<string, Demand>, lingering: Map<string, Demand>) {
    const now = Date.now();
    for (const [upId, r] of releasing) if (now - r.at > RELEASE_MS) releasing.delete(upId);
    for (const key of [...held.keys()]) if (!decided.has(key) && !lingering.has(key)) release(key, now);
    const trackedNow = () =>
      new Set([
        ...[...held.values()].flatMap((h) => trackedKeys(h.demand.channel, h.demand.params)),
        ...[...releasing.values()].flatMap((r) => r.keys),
      ]);
    let tracked = trackedNow();
    const tryPlace = (key: string, demand: Demand) => {
      const add = trackedKeys(demand.channel, demand.params).filter((t) => !tracked.has(t));
      if (tracked.size + add.length > budget.trackedTokens || !place(key, demand)) return false;
      for (const t of add) tracked.add(t);
      return true;
    };
    let evicted = false;
    for (const [key, demand] of decided) {
      if (held.has(key) || tryPlace(key, demand)) continue;
      // Room for it once a lingering one's unsubscribe is acknowledged (its keys count until then).
      const victim = [...held.keys()].find((k) => !decided.has(k));
      if (victim) {
        release(victim, now);
        evicted = true;
      }
    }
    if (evicted) tracked = trackedNow();
    for (const [key, demand] of lingering) if (!held.has(key) && !evicted) tryPlace(key, demand);
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
    seeded = false;
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
