import { Agent, request } from "undici";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "@/lib/api/endpoints";
import { type Fleet, startFleet, until } from "./harness";

// Redis stops and comes back (empty, as after a restart without persistence): the instances go on alone — no 5xx,
// one warning each, /api/health says so — and share again once it is back.

const pool = new Agent({ connections: 128 });
let fleet: Fleet;
const viewers: WebSocket[] = [];
const BUDGET = 60;
const searchCost = endpoints.search.credits({ query: { q: "x" }, body: undefined });

async function get(base: string, path: string, ip = "10.9.0.1") {
  const r = await request(`${base}${path}`, { dispatcher: pool, headers: { "x-forwarded-for": ip } });
  const text = await r.body.text();
  return { status: r.statusCode, cache: r.headers["x-cache"], json: JSON.parse(text) as Record<string, unknown> };
}

const redisState = async (base: string) =>
  ((await get(base, "/api/health")).json.fleet as { redis: string; outages: number }) ?? null;

beforeAll(async () => {
  fleet = await startFleet({ instances: 3, env: { MARKET_CREDIT_BUDGET: String(BUDGET), TRUST_PROXY: "1" } });
});
afterAll(async () => {
  for (const ws of viewers) ws.terminate();
  await fleet?.stop();
  await pool.close();
});

describe("fleet without Redis", () => {
  it("degrades to each instance alone with no 5xx, then rejoins and shares again", async () => {
    for (const i of fleet.instances)
      await until(`${i.name} to join`, async () => (await redisState(i.url)).redis === "up");
    for (const i of fleet.instances) expect(await redisState(i.url)).toMatchObject({ redis: "up", outages: 0 });
    const warm = await get(fleet.instances[0].url, "/api/v1/search?q=outage");
    expect(warm.status).toBe(200);

    await fleet.redis.stop();
    for (const i of fleet.instances)
      await until(`${i.name} to notice`, async () => (await redisState(i.url)).redis === "down");

    // Known and new keys on every instance, concurrently: all answered, none 5xx.
    const during = await Promise.all(
      fleet.instances.flatMap((inst, n) => [
        get(inst.url, "/api/v1/search?q=outage"),
        get(inst.url, `/api/v1/search?q=alone${n}`),
        get(inst.url, "/api/v1/meta/chains"),
      ]),
    );
    expect(during.map((r) => r.status)).toEqual(during.map(() => 200));
    // The warm copy on instance 0 is still served from its own cache.
    expect(during[0].cache).toBe("hit");

    // While alone an instance may spend only its share of what was left of the day's budget.
    const share = Math.floor((BUDGET - searchCost) / 3);
    const spentBefore = fleet.spent();
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, k) => get(fleet.instances[1].url, `/api/v1/search?q=share${k}`, `10.9.1.${k}`)),
    );
    expect(burst.filter((r) => r.status >= 500)).toEqual([]);
    // Instance 1 already spent one search above (q=alone1).
    expect(fleet.spent() - spentBefore).toBeLessThanOrEqual(share - searchCost);
    for (const r of burst.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(429);
      expect((r.json.error as { code: string }).code).toBe("credit_budget_exhausted");
    }

    await fleet.redis.start();
    for (const i of fleet.instances)
      await until(`${i.name} to rejoin`, async () => (await redisState(i.url)).redis === "up");
    for (const i of fleet.instances) expect(await redisState(i.url)).toMatchObject({ redis: "up", outages: 1 });

    // One warning per instance for the whole outage, and one line when it rejoined.
    for (const i of fleet.instances) {
      const warnings = i.logs.filter((l) => (JSON.parse(l) as { level: number }).level >= 40);
      expect(warnings).toHaveLength(1);
      expect(i.logs.filter((l) => l.includes("rejoined the fleet"))).toHaveLength(1);
    }

    // Shared again: identical concurrent requests over the three make one upstream call.
    fleet.sim.setFaults({ restLatencyMs: 300 });
    const before = fleet.spent();
    const again = await Promise.all(
      Array.from({ length: 90 }, (_, k) => get(fleet.instances[k % 3].url, "/api/v1/search?q=rejoined", `10.9.2.${k}`)),
    );
    fleet.sim.setFaults({ restLatencyMs: 0 });
    expect(again.map((r) => r.status)).toEqual(again.map(() => 200));
    expect(fleet.spent() - before).toBe(searchCost);

    // What the instances spent while alone was added to the fleet's count when Redis came back.
    await until("the fleet's count to catch up", async () => {
      const u = (await get(fleet.instances[2].url, "/api/usage", "127.0.0.1")).json.fleet as {
        totals: { spentToday: number } | null;
      };
      return u.totals?.spentToday === fleet.spent();
    });
  });

  it("with stream viewers on every instance, a second outage is one more warning and one rejoin line each, and every Redis connection's errors are handled", async () => {
    // A viewer on every instance, so each one's fleet relay reads from Redis (its own connection) when Redis goes.
    const token = [...fleet.sim.core.index.tokens.values()].sort((a, b) => b.txns - a.txns)[0];
    for (const inst of fleet.instances) {
      const ws = new WebSocket(`${inst.url.replace("http", "ws")}/api/stream`);
      viewers.push(ws);
      await new Promise<void>((resolve, reject) => {
        ws.on("message", (raw) => {
          const f = JSON.parse(String(raw)) as { type: string };
          if (f.type === "authed")
            ws.send(
              JSON.stringify({
                type: "subscribe",
                id: "t",
                channel: "trades",
                params: { chain: token.chain, address: token.address },
              }),
            );
          if (f.type === "subscribed") resolve();
        });
        ws.once("error", reject);
      });
    }
    // The warnings about Redis and the fleet (a viewer's trades may also fall back to polls, refused by this fleet's
    // spent 60-credit budget or slow on this busy machine, each with a warning of its own about the market).
    const warningsOf = (i: (typeof fleet.instances)[number]) =>
      i.logs.filter((l) => (JSON.parse(l) as { level: number }).level >= 40 && /redis|fleet/i.test(l));
    const before = fleet.instances.map((i) => warningsOf(i).length);

    await fleet.redis.stop();
    for (const i of fleet.instances)
      await until(`${i.name} to notice`, async () => (await redisState(i.url)).redis === "down");
    await fleet.redis.start();
    for (const i of fleet.instances)
      await until(`${i.name} to rejoin`, async () => (await redisState(i.url)).redis === "up");

    for (const [n, i] of fleet.instances.entries()) {
      expect(await redisState(i.url)).toMatchObject({ redis: "up", outages: 2 });
      const added = warningsOf(i).slice(before[n]);
      expect(added, added.join(" | ")).toHaveLength(1);
      expect(added[0]).toMatch(/redis unreachable/);
      expect(i.logs.filter((l) => l.includes("rejoined the fleet"))).toHaveLength(2);
      expect(i.stderr.join("")).not.toMatch(/Unhandled error event/);
    }
  });
});
