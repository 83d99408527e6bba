import { Agent, request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "@/lib/api/endpoints";
import { type Fleet, startFleet } from "./harness";

// Three instances, one Redis, one market: the key's REST use is the fleet's, not three processes'.

const pool = new Agent({ connections: 256, pipelining: 1 });
let fleet: Fleet;

async function get(base: string, path: string, headers: Record<string, string> = {}) {
  const r = await request(`${base}${path}`, { dispatcher: pool, headers });
  const text = await r.body.text();
  return { status: r.statusCode, headers: r.headers, json: JSON.parse(text) as Record<string, unknown> };
}

const BUDGET = 40;
const searchCost = endpoints.search.credits({ query: { q: "x" }, body: undefined });

beforeAll(async () => {
  fleet = await startFleet({
    instances: 3,
    env: {
      MARKET_CREDIT_BUDGET: String(BUDGET),
      PROXY_RATE_LIMIT_RPS: "1",
      PROXY_RATE_LIMIT_BURST: "6",
      TRUST_PROXY: "1",
    },
  });
});
afterAll(async () => {
  await fleet?.stop();
  await pool.close();
});

describe("fleet REST", () => {
  it("answers 1,000 identical concurrent requests spread over 3 instances with 1 upstream call", async () => {
    fleet.sim.setFaults({ restLatencyMs: 300 });
    const before = fleet.spent();
    const callsBefore = (await fleet.usage()).restCalls;
    const replies = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        get(fleet.instances[i % 3].url, "/api/v1/search?q=fleet", { "x-forwarded-for": `10.1.${i % 250}.${i % 7}` }),
      ),
    );
    fleet.sim.setFaults({ restLatencyMs: 0 });
    expect(replies.filter((r) => r.status !== 200)).toEqual([]);
    // The market's own count for the key: exactly one call, one search's credits.
    expect((await fleet.usage()).restCalls - callsBefore).toBe(1);
    expect(fleet.spent() - before).toBe(searchCost);
    const bodies = new Set(replies.map((r) => JSON.stringify(r.json)));
    expect(bodies.size).toBe(1);
    const caches = replies.map((r) => r.headers["x-cache"]);
    expect(caches.filter((c) => c === "miss")).toHaveLength(1);
    // Every instance shows the fleet's totals and its own share.
    await new Promise((r) => setTimeout(r, 700)); // one flush of the counters
    const usage = await Promise.all(fleet.instances.map((i) => get(i.url, "/api/usage")));
    for (const u of usage) {
      const f = u.json.fleet as { redis: string; instances: number; totals: { upstreamCalls: number; spent: number } };
      expect(f.redis).toBe("up");
      expect(f.instances).toBe(3);
      expect(f.totals).toMatchObject({ upstreamCalls: 1, spent: searchCost });
    }
    const shares = usage.map((u) => (u.json.fleet as { thisInstance: { upstreamCalls: number } }).thisInstance);
    expect(shares.map((s) => s.upstreamCalls).sort()).toEqual([0, 0, 1]);
  });

  it("serves an answer one instance fetched from the shared cache on the others", async () => {
    const before = fleet.spent();
    const first = await get(fleet.instances[0].url, "/api/v1/search?q=shared", { "x-forwarded-for": "10.2.0.1" });
    const second = await get(fleet.instances[1].url, "/api/v1/search?q=shared", { "x-forwarded-for": "10.2.0.2" });
    const third = await get(fleet.instances[2].url, "/api/v1/search?q=shared", { "x-forwarded-for": "10.2.0.3" });
    expect([first.headers["x-cache"], second.headers["x-cache"], third.headers["x-cache"]]).toEqual([
      "miss",
      "hit",
      "hit",
    ]);
    expect(second.json).toEqual(first.json);
    expect(fleet.spent() - before).toBe(searchCost);
  });

  it("limits one client across every instance with one bucket", async () => {
    // Burst 6 at 1/s: 18 quick requests from one address over 3 instances pass 6 (+1 per second elapsed), not 18.
    const started = Date.now();
    const replies = [];
    for (let i = 0; i < 18; i++) {
      replies.push(await get(fleet.instances[i % 3].url, "/api/v1/meta/chains", { "x-forwarded-for": "10.3.0.1" }));
    }
    const elapsedSec = (Date.now() - started) / 1000;
    const ok = replies.filter((r) => r.status === 200).length;
    expect(ok).toBeGreaterThanOrEqual(6);
    expect(ok).toBeLessThanOrEqual(6 + Math.ceil(elapsedSec));
    const refused = replies.filter((r) => r.status === 429);
    expect(refused.length).toBe(18 - ok);
    for (const r of refused) expect((r.json.error as { code: string }).code).toBe("rate_limited");
  });

  it("enforces the credit budget fleet-wide: no instance overspends, every instance answers the budget error", async () => {
    // Distinct searches (no cache help), concurrently on every instance, far past the budget.
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        get(fleet.instances[i % 3].url, `/api/v1/search?q=budget${i}`, { "x-forwarded-for": `10.4.${i}.1` }),
      ),
    );
    expect(fleet.spent()).toBeLessThanOrEqual(BUDGET);
    expect(fleet.spent()).toBeGreaterThan(BUDGET - searchCost);
    const refused = replies.filter((r) => r.status === 429);
    expect(replies.filter((r) => r.status !== 200 && r.status !== 429)).toEqual([]);
    for (const r of refused) expect((r.json.error as { code: string }).code).toBe("credit_budget_exhausted");
    // Each instance, asked again, refuses too (the budget is the fleet's, not each one's).
    for (const [i, inst] of fleet.instances.entries()) {
      const r = await get(inst.url, `/api/v1/search?q=after${i}`, { "x-forwarded-for": `10.5.${i}.1` });
      expect(r.status).toBe(429);
      expect((r.json.error as { code: string }).code).toBe("credit_budget_exhausted");
    }
    const usage = await get(fleet.instances[0].url, "/api/usage");
    const totals = (usage.json.fleet as { totals: { spentToday: number; remainingToday: number } }).totals;
    expect(totals.spentToday).toBe(fleet.spent());
    expect(totals.remainingToday).toBe(BUDGET - fleet.spent());
  });
});
