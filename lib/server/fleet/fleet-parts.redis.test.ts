import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RedisServer, startRedis } from "@/scripts/fleet/processes";
import { createCreditsLedger } from "../proxy/credits-ledger";
import { createRateLimiter } from "../http/rate-limit";
import type { CacheEntry } from "../proxy/response-cache";
import { createFleetLedger } from "./fleet-ledger";
import { createFleetRateLimiter } from "./fleet-rate-limit";
import { createRedisLink, linkUp, type RedisLink } from "./redis-link";
import { createSharedCache } from "./shared-cache";

// The fleet's parts against a real redis-server: two links stand for two instances.

let redis: RedisServer;
const links: RedisLink[] = [];
const quiet = { warn: () => {}, info: () => {} };

async function link(name: string): Promise<RedisLink> {
  const l = createRedisLink({ url: redis.url, logger: quiet, instanceId: name });
  links.push(l);
  await linkUp(l);
  return l;
}

const entry = (text: string, storedAt = Date.now()): CacheEntry => ({
  text,
  storedAt,
  ttlMs: 5_000,
  swrMs: 10_000,
  staleIfErrorMs: 60_000,
  immutable: false,
});

beforeAll(async () => {
  redis = await startRedis({ maxmemory: "16mb" });
});
afterAll(async () => {
  for (const l of links) await l.close();
  await redis?.stop();
});

describe("shared cache", () => {
  it("lets one instance hold a key's lock; the other gets its answer as soon as it is stored", async () => {
    const a = createSharedCache({ link: await link("a"), lockMs: 5_000 });
    const b = createSharedCache({ link: await link("b"), lockMs: 5_000 });
    expect(await a.lock("k1")).toBe("leader");
    expect(await b.lock("k1")).toBe("follower");
    const waited = b.wait("k1");
    const t0 = Date.now();
    setTimeout(() => {
      a.set("k1", entry("answer"));
      a.unlock("k1");
    }, 200);
    expect((await waited)?.text).toBe("answer");
    expect(Date.now() - t0).toBeLessThan(2_000);
    await a.close();
    await b.close();
  });

  it("sends the waiter to call upstream itself when the holder gives up without an answer", async () => {
    const a = createSharedCache({ link: await link("a2"), lockMs: 5_000 });
    const b = createSharedCache({ link: await link("b2"), lockMs: 5_000 });
    expect(await a.lock("k2")).toBe("leader");
    const t0 = Date.now();
    setTimeout(() => a.unlock("k2"), 100);
    expect(await b.wait("k2")).toBeUndefined();
    expect(Date.now() - t0).toBeLessThan(2_000);
    await a.close();
    await b.close();
  });

  it("stops waiting for a holder that died at the lock's end", async () => {
    const a = createSharedCache({ link: await link("a3"), lockMs: 400 });
    const b = createSharedCache({ link: await link("b3"), lockMs: 400 });
    // From before the lock is taken: its 400 ms start when Redis sets it, however late the answer reaches us.
    const t0 = Date.now();
    expect(await a.lock("k3")).toBe("leader"); // and never answers
    expect(await b.wait("k3")).toBeUndefined();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(300);
    expect(await b.lock("k3")).toBe("leader"); // the lock expired with it
    await a.close();
    await b.close();
  });

  it("does not take an expired copy kept for stale-if-error as the answer it waits for", async () => {
    const a = createSharedCache({ link: await link("a4"), lockMs: 300 });
    const b = createSharedCache({ link: await link("b4"), lockMs: 300 });
    a.set("k4", entry("old", Date.now() - 20_000));
    expect(await a.lock("k4")).toBe("leader");
    expect(await b.wait("k4")).toBeUndefined();
    expect((await b.get("k4"))?.text).toBe("old");
    await a.close();
    await b.close();
  });

  it("stores every entry with a TTL no longer than its policy's lifetime (the bound Redis evicts by)", async () => {
    const a = createSharedCache({ link: await link("a5"), lockMs: 300 });
    a.set("k5", entry("x"));
    const raw = new Redis(redis.url);
    await new Promise((r) => setTimeout(r, 100));
    const keys = await raw.keys("tradescope:c:*");
    expect(keys.length).toBeGreaterThan(0);
    for (const k of keys) {
      const ttl = await raw.pttl(k);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(86_400_000);
    }
    expect(await raw.config("GET", "maxmemory-policy")).toEqual(["maxmemory-policy", "volatile-lru"]);
    raw.disconnect();
    await a.close();
  });
});

describe("fleet rate limit", () => {
  it("gives one client one bucket across instances, and its own bucket per instance without Redis", async () => {
    const make = async (name: string) =>
      createFleetRateLimiter({
        link: await link(name),
        local: createRateLimiter({ ratePerSec: 0.001, burst: 4 }),
        ratePerSec: 0.001,
        burst: 4,
      });
    const a = await make("rl-a");
    const b = await make("rl-b");
    const results = [];
    for (let i = 0; i < 10; i++) results.push(await (i % 2 ? a : b).take("10.0.0.1"));
    expect(results.filter((r) => r.ok)).toHaveLength(4);
    const refused = results.find((r) => !r.ok);
    expect(refused && !refused.ok && refused.retryAfterSec).toBeGreaterThanOrEqual(1);
    expect((await a.take("10.0.0.2")).ok).toBe(true);
  });
});

describe("fleet credits ledger", () => {
  it("reserves atomically: concurrent calls on two instances never pass the budget together", async () => {
    const make = async (name: string) =>
      createFleetLedger({
        link: await link(name),
        local: createCreditsLedger(),
        budgetPerDay: 23,
        expectedInstances: 2,
      });
    const a = await make("led-a");
    const b = await make("led-b");
    const tries = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).reserve("search", 5)));
    const granted = tries.filter((t) => t.status === "fulfilled");
    expect(granted).toHaveLength(4); // 4 × 5 = 20 ≤ 23 < 25
    for (const t of tries.filter((x) => x.status === "rejected"))
      expect((t as PromiseRejectedResult).reason).toMatchObject({ code: "credit_budget_exhausted" });
    for (const g of granted) (g as PromiseFulfilledResult<{ settle(n?: number): void }>).value.settle(5);
    await a.flush();
    await b.flush();
    const usage = await a.usage();
    expect(usage.totals).toMatchObject({ spentToday: 20, remainingToday: 3, budgetPerDay: 23 });
    expect(usage.thisInstance.spent + (await b.usage()).thisInstance.spent).toBe(20);
    await a.close();
    await b.close();
  });

  it("gives back a cancelled reservation", async () => {
    // The test above spent 20 of today's credits in this Redis: 10 more reach a budget of 30.
    const l = createFleetLedger({
      link: await link("led-c"),
      local: createCreditsLedger(),
      budgetPerDay: 30,
      expectedInstances: 1,
    });
    const r = await l.reserve("search", 10);
    await expect(l.reserve("search", 1)).rejects.toMatchObject({ code: "credit_budget_exhausted" });
    r.cancel();
    await new Promise((res) => setTimeout(res, 50));
    const again = await l.reserve("search", 10);
    again.settle(10);
    await l.close();
  });

  it("rebuilds the fleet's lifetime totals from each instance's own counts after Redis restarts empty", async () => {
    const make = async (name: string) =>
      createFleetLedger({
        link: await link(name),
        local: createCreditsLedger(),
        budgetPerDay: undefined,
        expectedInstances: 2,
      });
    const a = await make("life-a");
    const b = await make("life-b");
    for (const [l, n] of [
      [a, 3],
      [b, 2],
    ] as const)
      for (let i = 0; i < n; i++) (await l.reserve("tokenLifetime", 4)).settle(4);
    a.cacheHit("tokenLifetime", 4);
    b.coalesced("tokenLifetime", 4);
    await a.flush();
    await b.flush();
    const before = (await a.usage()).totals?.byEndpoint.tokenLifetime;
    expect(before).toMatchObject({
      calls: 5,
      spent: 20,
      cacheHits: 1,
      savedByCache: 4,
      coalesced: 1,
      savedByCoalescing: 4,
    });

    // An empty restart, as of a Redis without persistence.
    const admin = new Redis(redis.url);
    await admin.flushall();
    await admin.quit();
    expect((await a.usage()).totals?.byEndpoint.tokenLifetime).toBeUndefined();
    await a.flush();
    await b.flush();
    expect((await b.usage()).totals?.byEndpoint.tokenLifetime).toEqual(before);
    // Counting on from there, not from zero.
    (await a.reserve("tokenLifetime", 4)).settle(4);
    await a.flush();
    expect((await b.usage()).totals?.byEndpoint.tokenLifetime).toMatchObject({ calls: 6, spent: 24 });
    await a.close();
    await b.close();
  });
});
