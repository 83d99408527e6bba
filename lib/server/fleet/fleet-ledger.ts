import { ApiError } from "@/lib/api/errors";
import type { CreditsLedger, EndpointUsage, LedgerSnapshot, Reservation } from "../credits-ledger";
import { KEY_PREFIX } from "./keys";
import type { RedisLink } from "./redis-link";

// The credits ledger of the whole fleet. A call reserves its cost in Redis with one atomic script before it is sent
// (so no two instances can both take the last credits); what it really cost and every hit or coalesced request are
// counted here first and added to Redis in one pipeline every flush. This instance's own figures stay in `local`.
//
// While Redis is away an instance may spend at most its share (1/expectedInstances) of what was left of the budget
// when it last saw Redis; what it spent meanwhile is added to the fleet's count when Redis is back.

const DAY_MS = 86_400_000;
const DAYS_KEY = `${KEY_PREFIX}ledger:days`;
const ENDPOINTS_KEY = `${KEY_PREFIX}ledger:endpoints`;
const INSTANCES_KEY = `${KEY_PREFIX}instances`;
/** An instance that has not flushed for this long is no longer counted. */
export const INSTANCE_TTL_MS = 10_000;
const KEEP_DAYS = 8;
const FIELDS = ["calls", "spent", "cacheHits", "savedByCache", "coalesced", "savedByCoalescing"] as const;

const RESERVE = `
local spent = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
local credits = tonumber(ARGV[2])
local budget = tonumber(ARGV[3])
if budget >= 0 and credits > 0 and spent + credits > budget then return {0, spent} end
redis.call('HINCRBY', KEYS[1], ARGV[1], credits)
return {1, spent + credits}`;

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
  /** Counts not yet in Redis: `${endpoint}|${field}` and `day|${YYYY-MM-DD}` → delta. */
  let pending = new Map<string, number>();
  let lastRemaining = budget;
  let outage = { day: "", spent: 0 };
  let last: Awaited<ReturnType<typeof totals>> = null;

  const add = (field: string, delta: number) => {
    if (delta !== 0) pending.set(field, (pending.get(field) ?? 0) + delta);
  };

  async function reserveShared(endpoint: string, credits: number): Promise<"ok" | "refused" | "unavailable"> {
    const r = link.client();
    if (!r) return "unavailable";
    try {
      const [ok, spent] = (await r.eval(RESERVE, 1, DAYS_KEY, dayOf(now()), credits, budget ?? -1)) as [number, number];
      if (budget !== null) lastRemaining = Math.max(0, budget - spent);
      void endpoint;
      return ok === 1 ? "ok" : "refused";
    } catch (error) {
      link.failed(error);
      return "unavailable";
    }
  }

  function reserveInOutage(credits: number): void {
    const day = dayOf(now());
    if (outage.day !== day) outage = { day, spent: 0 };
    if (budget === null || credits === 0) return;
    const allowance = Math.floor((lastRemaining ?? budget) / opts.expectedInstances);
    if (outage.spent + credits > allowance) throw budgetError(budget, now());
    outage.spent += credits;
  }

  async function reserve(endpoint: string, credits: number): Promise<Reservation> {
    const shared = await reserveShared(endpoint, credits);
    if (shared === "refused") throw budgetError(budget as number, now());
    const inRedis = shared === "ok";
    if (!inRedis) reserveInOutage(credits);
    const day = dayOf(now());
    const own = local.reserve(endpoint, credits);
    let done = false;
    return {
      settle(actual) {
        if (done) return;
        done = true;
        own.settle(actual);
        const spent = actual !== undefined && Number.isFinite(actual) && actual >= 0 ? actual : credits;
        // The reservation already counted `credits` in Redis; an outage call is counted in full on the way back.
        add(`day|${day}`, inRedis ? spent - credits : spent);
        add(`${endpoint}|calls`, 1);
        add(`${endpoint}|spent`, spent);
      },
      cancel() {
        if (done) return;
        done = true;
        own.cancel();
        if (inRedis) add(`day|${day}`, -credits);
        else if (outage.day === day) outage.spent -= credits;
      },
    };
  }

  async function flush(): Promise<void> {
    const r = link.client();
    if (!r) return;
    const batch = pending;
    pending = new Map();
    const p = r.pipeline();
    for (const [field, delta] of batch) {
      if (field.startsWith("day|")) p.hincrby(DAYS_KEY, field.slice(4), delta);
      else p.hincrby(ENDPOINTS_KEY, field, delta);
    }
    const t = now();
    p.hdel(DAYS_KEY, dayOf(t - KEEP_DAYS * DAY_MS));
    p.zadd(INSTANCES_KEY, t, link.instanceId);
    p.zremrangebyscore(INSTANCES_KEY, "-inf", t - INSTANCE_TTL_MS);
    try {
      const results = await p.exec();
      if (results?.some(([e]) => e)) throw results.find(([e]) => e)?.[0];
    } catch (error) {
      // Not applied (or not known to be): keep the counts for the next flush.
      for (const [field, delta] of batch) add(field, delta);
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
      const [[, spentToday], [, fields], [, instances]] = (await r
        .pipeline()
        .hget(DAYS_KEY, day)
        .hgetall(ENDPOINTS_KEY)
        .zcount(INSTANCES_KEY, t - INSTANCE_TTL_MS, "+inf")
        .exec()) as [[unknown, string | null], [unknown, Record<string, string>], [unknown, number]];
      const byEndpoint: Record<string, EndpointUsage> = {};
      for (const [field, value] of Object.entries(fields ?? {})) {
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
        byEndpoint[endpoint][name] = Number(value);
      }
      const sum = (f: (typeof FIELDS)[number]) => Object.values(byEndpoint).reduce((a, u) => a + u[f], 0);
      const today = Number(spentToday ?? 0);
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
      add(`${endpoint}|cacheHits`, 1);
      add(`${endpoint}|savedByCache`, credits);
    },
    coalesced(endpoint, credits) {
      local.coalesced(endpoint, credits);
      add(`${endpoint}|coalesced`, 1);
      add(`${endpoint}|savedByCoalescing`, credits);
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
