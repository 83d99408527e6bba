import { ApiError } from "@/lib/api/errors";
import type { CreditsLedger, EndpointUsage, LedgerSnapshot, Reservation } from "../proxy/credits-ledger";
import { KEY_PREFIX } from "./keys";
import type { RedisLink } from "./redis-link";

// The fleet's credits ledger: each instance's absolute figures in Redis, reserved atomically (docs/fleet.md).

const DAY_MS = 86_400_000;
const dayKey = (day: string) => `${KEY_PREFIX}ledger:day:${day}`;
const INFLIGHT_KEY = `${KEY_PREFIX}ledger:inflight`;
/** An instance's lifetime figures per endpoint (`${endpoint}|${field}` → absolute count). */
const endpointsKey = (id: string) => `${KEY_PREFIX}ledger:endpoints:${id}`;
/** The instances with lifetime figures, scored by their last write. */
const ENDPOINT_INSTANCES_KEY = `${KEY_PREFIX}ledger:endpoint-instances`;
const INSTANCES_KEY = `${KEY_PREFIX}instances`;
/** An instance that has not written for this long is no longer counted as live. */
export const INSTANCE_TTL_MS = 10_000;
const KEEP_DAYS = 8;
const FIELDS = ["calls", "spent", "cacheHits", "savedByCache", "coalesced", "savedByCoalescing"] as const;

// KEYS: day hash, in-flight hash, instances zset. ARGV: id, credits, budget (-1 = none), live ms, own in-flight after
// this reservation, own spend today. Writes nothing when it refuses.
const RESERVE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local id = ARGV[1]
local total = tonumber(ARGV[5]) + tonumber(ARGV[6])
local days = redis.call('HGETALL', KEYS[1])
for i = 1, #days, 2 do
  if days[i] ~= id then total = total + tonumber(days[i + 1]) end
end
local held = redis.call('HGETALL', KEYS[2])
for i = 1, #held, 2 do
  if held[i] ~= id then
    local seen = redis.call('ZSCORE', KEYS[3], held[i])
    if seen and tonumber(seen) >= now - tonumber(ARGV[4]) then total = total + tonumber(held[i + 1]) end
  end
end
local budget = tonumber(ARGV[3])
if budget >= 0 and tonumber(ARGV[2]) > 0 and total > budget then return {0, total - tonumber(ARGV[2])} end
redis.call('HSET', KEYS[2], id, ARGV[5])
redis.call('HSET', KEYS[1], id, ARGV[6])
redis.call('ZADD', KEYS[3], now, id)
return {1, total}`;

// KEYS: day hash, in-flight hash, instances zset. ARGV: id, own in-flight, own spend today. Also forgets instances
// gone for an hour (their reservations), so the in-flight hash and the instance set stay bounded.
const WRITE_OWN = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
redis.call('ZADD', KEYS[3], now, ARGV[1])
for _, gone in ipairs(redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', now - 3600000, 'LIMIT', 0, 100)) do
  redis.call('HDEL', KEYS[2], gone)
  redis.call('ZREM', KEYS[3], gone)
end
return 1`;

export interface FleetUsage {
  redis: "up" | "down";
  instance: string;
  /** Instances seen in the last INSTANCE_TTL_MS (null while Redis is away). */
  instances: number | null;
  totals: LedgerSnapshot | null;
  thisInstance: { spent: number; upstreamCalls: number; shareOfSpent: number | null };
}

export interface FleetLedger {
  reserve(endpoint: string, credits: number): Promise<Reservation>;
  cacheHit(endpoint: string, credits: number): void;
  coalesced(endpoint: string, credits: number): void;
  noteUpstreamTotal(total: number): void;
  /** This instance's own figures. */
  snapshot(): LedgerSnapshot;
  usage(): Promise<FleetUsage>;
  /** The figures of the last flush, for /api/metrics (a scrape must not wait for Redis). */
  figures(): Record<string, number | string>;
  flush(): Promise<void>;
  close(): Promise<void>;
}

export interface FleetLedgerOptions {
  link: RedisLink;
  local: CreditsLedger;
  budgetPerDay: number | undefined;
  expectedInstances: number;
  flushMs?: number;
  now?: () => number;
}

const dayOf = (ms: number) => new Date(Math.floor(ms / DAY_MS) * DAY_MS).toISOString().slice(0, 10);

function budgetError(budget: number, now: number): ApiError {
  const retryAfterSec = Math.ceil(((Math.floor(now / DAY_MS) + 1) * DAY_MS - now) / 1000);
  return new ApiError(
    "credit_budget_exhausted",
    `the daily credit budget of ${budget} is spent; it resets at 00:00 UTC`,
    {
      retryAfterSec,
    },
  );
}

export function createFleetLedger(opts: FleetLedgerOptions): FleetLedger {
  const { link, local } = opts;
  const now = opts.now ?? Date.now;
  const budget = opts.budgetPerDay ?? null;
  let lastRemaining = budget;
  let outage = { day: "", spent: 0 };
  /** Credits reserved by this instance's calls in flight, by the UTC day they count against. */
  let inflight = { day: "", credits: 0 };
  let last: Awaited<ReturnType<typeof totals>> = null;

  const ownInflight = (day: string) => (inflight.day === day ? inflight.credits : 0);
  const holdCredits = (day: string, delta: number) => {
    inflight = { day, credits: Math.max(0, ownInflight(day) + delta) };
  };
  const keys = (day: string) => [dayKey(day), INFLIGHT_KEY, INSTANCES_KEY];

  /** Writes this instance's figures for the day (absolute values: a lost write is repaired by the next). */
  function writeOwn(): void {
    const r = link.client();
    if (!r) return;
    const day = dayOf(now());
    r.eval(WRITE_OWN, 3, ...keys(day), link.instanceId, ownInflight(day), local.snapshot().spentToday).catch(
      (error: unknown) => link.failed(error),
    );
  }

  async function reserveShared(credits: number, day: string): Promise<"ok" | "refused" | "unavailable"> {
    const r = link.client();
    if (!r) return "unavailable";
    // Counted as held before the script runs, so a write of our figures sent meanwhile already includes it.
    holdCredits(day, credits);
    try {
      const [ok, total] = (await r.eval(
        RESERVE,
        3,
        ...keys(day),
        link.instanceId,
        credits,
        budget ?? -1,
        INSTANCE_TTL_MS,
        ownInflight(day),
        local.snapshot().spentToday,
      )) as [number, number];
      if (budget !== null) lastRemaining = Math.max(0, budget - total);
      if (ok === 1) return "ok";
      holdCredits(day, -credits);
      return "refused";
    } catch (error) {
      holdCredits(day, -credits);
      link.failed(error);
      return "unavailable";
    }
  }

  function reserveInOutage(credits: number, day: string): void {
    if (outage.day !== day) outage = { day, spent: 0 };
    if (budget === null || credits === 0) return;
    const allowance = Math.floor((lastRemaining ?? budget) / opts.expectedInstances);
    if (outage.spent + credits > allowance) throw budgetError(budget, now());
    outage.spent += credits;
  }

  async function reserve(endpoint: string, credits: number): Promise<Reservation> {
    const day = dayOf(now());
    const shared = await reserveShared(credits, day);
    if (shared === "refused") throw budgetError(budget as number, now());
    const inRedis = shared === "ok";
    if (!inRedis) reserveInOutage(credits, day);
    const own = local.reserve(endpoint, credits);
    let done = false;
    const finish = () => {
      if (done) return false;
      done = true;
      if (inRedis) holdCredits(day, -credits);
      return true;
    };
    return {
      settle(actual) {
        if (!finish()) return;
        own.settle(actual);
        writeOwn();
      },
      cancel() {
        if (!finish()) return;
        own.cancel();
        if (!inRedis && outage.day === day) outage.spent -= credits;
        if (inRedis) writeOwn();
      },
    };
  }

  async function flush(): Promise<void> {
    const r = link.client();
    if (!r) return;
    writeOwn();
    const t = now();
    const own: string[] = [];
    for (const [endpoint, usage] of Object.entries(local.snapshot().byEndpoint))
      for (const f of FIELDS) own.push(`${endpoint}|${f}`, String(usage[f]));
    const p = r.pipeline();
    if (own.length) {
      // Absolute values: a lost write is repaired by the next, and an emptied Redis gets them back.
      p.hset(endpointsKey(link.instanceId), ...own);
      p.pexpire(endpointsKey(link.instanceId), KEEP_DAYS * DAY_MS);
      p.zadd(ENDPOINT_INSTANCES_KEY, t, link.instanceId);
    }
    p.zremrangebyscore(ENDPOINT_INSTANCES_KEY, "-inf", t - KEEP_DAYS * DAY_MS);
    p.del(dayKey(dayOf(t - KEEP_DAYS * DAY_MS)));
    try {
      const results = await p.exec();
      const failed = results?.find(([e]) => e);
      if (failed) throw failed[0];
    } catch (error) {
      // Written again, whole, at the next flush.
      link.failed(error);
      return;
    }
    last = await totals();
  }

  const timer = setInterval(() => void flush(), opts.flushMs ?? 500);
  timer.unref();
  const off = link.onStateChange((s) => {
    if (s === "up") void flush();
  });

  async function totals(): Promise<{ snapshot: LedgerSnapshot; instances: number } | null> {
    const r = link.client();
    if (!r) return null;
    try {
      const t = now();
      const day = dayOf(t);
      const [[, perInstance], [, withFigures], [, instances]] = (await r
        .pipeline()
        .hvals(dayKey(day))
        .zrange(ENDPOINT_INSTANCES_KEY, 0, -1)
        .zcount(INSTANCES_KEY, t - INSTANCE_TTL_MS, "+inf")
        .exec()) as [[unknown, string[]], [unknown, string[]], [unknown, number]];
      const read = r.pipeline();
      for (const id of withFigures ?? []) read.hgetall(endpointsKey(id));
      const figures = ((await read.exec()) ?? []).map(([, v]) => (v ?? {}) as Record<string, string>);
      const byEndpoint: Record<string, EndpointUsage> = {};
      for (const [field, value] of figures.flatMap((f) => Object.entries(f))) {
        const [endpoint, name] = field.split("|") as [string, (typeof FIELDS)[number]];
        if (!FIELDS.includes(name)) continue;
        byEndpoint[endpoint] ??= {
          calls: 0,
          spent: 0,
          cacheHits: 0,
          savedByCache: 0,
          coalesced: 0,
          savedByCoalescing: 0,
        };
        byEndpoint[endpoint][name] += Number(value);
      }
      const sum = (f: (typeof FIELDS)[number]) => Object.values(byEndpoint).reduce((a, u) => a + u[f], 0);
      const today = (perInstance ?? []).reduce((a, v) => a + Number(v), 0);
      return {
        instances,
        snapshot: {
          day,
          budgetPerDay: budget,
          spentToday: today,
          remainingToday: budget === null ? null : Math.max(0, budget - today),
          spent: sum("spent"),
          savedByCache: sum("savedByCache"),
          savedByCoalescing: sum("savedByCoalescing"),
          upstreamCalls: sum("calls"),
          upstreamCreditsTotal: local.snapshot().upstreamCreditsTotal,
          byEndpoint,
        },
      };
    } catch (error) {
      link.failed(error);
      return null;
    }
  }

  return {
    reserve,
    cacheHit(endpoint, credits) {
      local.cacheHit(endpoint, credits);
    },
    coalesced(endpoint, credits) {
      local.coalesced(endpoint, credits);
    },
    noteUpstreamTotal: (total) => local.noteUpstreamTotal(total),
    snapshot: () => local.snapshot(),
    async usage() {
      const mine = local.snapshot();
      const fleet = await totals();
      return {
        redis: link.state(),
        instance: link.instanceId,
        instances: fleet?.instances ?? null,
        totals: fleet?.snapshot ?? null,
        thisInstance: {
          spent: mine.spent,
          upstreamCalls: mine.upstreamCalls,
          shareOfSpent: fleet && fleet.snapshot.spent > 0 ? mine.spent / fleet.snapshot.spent : null,
        },
      };
    },
    figures() {
      const mine = local.snapshot();
      const t = link.state() === "up" ? last : null;
      return {
        redisUp: link.state() === "up" ? 1 : 0,
        instances: t?.instances ?? "unknown",
        fleetCreditsSpent: t?.snapshot.spent ?? "unknown",
        fleetCreditsSpentToday: t?.snapshot.spentToday ?? "unknown",
        fleetUpstreamCalls: t?.snapshot.upstreamCalls ?? "unknown",
        fleetCreditsSavedByCache: t?.snapshot.savedByCache ?? "unknown",
        fleetCreditsSavedByCoalescing: t?.snapshot.savedByCoalescing ?? "unknown",
        instanceCreditsSpent: mine.spent,
        instanceUpstreamCalls: mine.upstreamCalls,
        instanceShareOfSpent: t && t.snapshot.spent > 0 ? mine.spent / t.snapshot.spent : "unknown",
      };
    },
    flush,
    async close() {
      clearInterval(timer);
      off();
      await flush();
    },
  };
}
