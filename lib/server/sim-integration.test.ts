import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENDPOINT_LIST, endpoints } from "@/lib/api/endpoints";
import { createClock } from "@/lib/sim/engine/clock";
import { type SimService, startSimService } from "@/lib/sim/service";
import { proxyWebRequest } from "./proxy/web-request";
import { type Case, crossFieldCases, invalidCases, type Notable, validCases } from "./testing/registry-cases";
import { createTestProxy, type TestProxy } from "./testing/test-state";

// The proxy against the real embedded market (virtual clock: the market stands still between the two calls).

const KEY = "integration-key-5d0b8e1f";
let sim: SimService;
let tp: TestProxy;
let notable: Notable;
let maker: string;

beforeAll(async () => {
  sim = await startSimService({
    key: KEY,
    seed: 7,
    clock: createClock({ virtual: true, start: Date.UTC(2026, 5, 1, 12) }),
    warmupMs: 10 * 60_000,
  });
  tp = createTestProxy({ baseUrl: sim.baseUrl, key: KEY }, { rateLimitPerSec: 0 });
  notable = ((await (await fetch(`${sim.baseUrl}/__control/state`)).json()) as { data: { notable: Notable } }).data
    .notable;
  const b = notable.baseToken;
  const tape = await direct({
    id: "tokenTrades",
    query: { chain: b.chain, address: b.address, pools: b.pools.join(","), limit: "5" },
  });
  maker = (tape.body as { data: Array<{ maker: string }> }).data[0].maker;
}, 120_000);
afterAll(async () => {
  await tp?.state.close();
  await sim?.close();
});

function pathOf(c: Case) {
  const def = endpoints[c.id as keyof typeof endpoints];
  const qs = new URLSearchParams(c.query ?? {}).toString();
  return { def, suffix: `${def.path}${qs ? `?${qs}` : ""}` };
}

async function direct(c: Case) {
  const { def, suffix } = pathOf(c);
  const res = await fetch(`${sim.baseUrl}${suffix}`, {
    method: def.method,
    headers: { authorization: KEY, ...(def.method === "POST" ? { "content-type": "application/json" } : {}) },
    body: def.method === "POST" ? JSON.stringify(c.body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

async function viaProxy(c: Case, raw?: { body: string; type?: string }) {
  const { def, suffix } = pathOf(c);
  const request = new Request(`http://localhost/api${suffix}`, {
    method: def.method,
    headers: def.method === "POST" ? { "content-type": raw?.type ?? "application/json" } : {},
    body: def.method === "POST" ? (raw?.body ?? JSON.stringify(c.body)) : undefined,
  });
  const res = await proxyWebRequest(request, def.path.split("/").slice(2), tp.state);
  return { status: res.status, body: (await res.json()) as unknown, cache: res.headers.get("x-cache") };
}

describe("proxy ↔ embedded market", () => {
  it("every registry endpoint round-trips and equals a direct call", async () => {
    const cases = validCases(notable, maker);
    expect(new Set(cases.map((c) => c.id))).toEqual(new Set(ENDPOINT_LIST.map((d) => d.id)));
    const failures: string[] = [];
    for (const c of cases) {
      const d = await direct(c);
      const p = await viaProxy(c);
      const again = await viaProxy(c);
      const same =
        JSON.stringify(p.body) === JSON.stringify(d.body) && JSON.stringify(again.body) === JSON.stringify(d.body);
      if (d.status !== 200 || p.status !== 200 || p.cache !== "miss" || again.cache !== "hit" || !same)
        failures.push(
          `${c.id}: direct ${d.status}, proxy ${p.status} ${p.cache}/${again.cache}, equal ${same} ${JSON.stringify(p.body).slice(0, 120)}`,
        );
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it("a batch keeps input order and reports the unknown token in its slot", async () => {
    const c = validCases(notable, maker).find((x) => x.id === "tokenBatch") as Case;
    const p = (await viaProxy(c)).body as { data: Array<{ data?: { address: string }; error?: { code: string } }> };
    const items = (c.body as { items: Array<{ address: string }> }).items;
    expect(p.data).toHaveLength(3);
    expect(p.data[0].data?.address).toBe(items[0].address);
    expect(p.data[1].error?.code).toBeTruthy();
    expect(p.data[2].data?.address).toBe(items[2].address);
  });

  it("every 400 case of the registry costs 0 upstream credits", async () => {
    const spentBefore = sim.ledger.spent(KEY);
    const callsBefore = tp.state.ledger.snapshot().upstreamCalls;
    const cases = [...validCases(notable, maker).flatMap(invalidCases), ...crossFieldCases(notable)];
    expect(cases.length).toBeGreaterThan(200);
    for (const c of cases) {
      const p = await viaProxy(c);
      expect(p.status, `${c.id} ${JSON.stringify(c.query ?? c.body).slice(0, 160)}`).toBe(400);
      expect((p.body as { error: { code: string } }).error.code).toMatch(/^(invalid_|missing_|unknown_)/);
    }
    for (const c of validCases(notable, maker).filter((x) => x.body !== undefined)) {
      expect((await viaProxy(c, { body: "{not json" })).status).toBe(400);
      expect((await viaProxy(c, { body: "{}", type: "text/plain" })).status).toBe(415);
      expect((await viaProxy(c, { body: JSON.stringify({ pad: "x".repeat(300_000) }) })).status).toBe(413);
    }
    expect(sim.ledger.spent(KEY)).toBe(spentBefore);
    expect(tp.state.ledger.snapshot().upstreamCalls).toBe(callsBefore);
  }, 60_000);

  it("spends what the market charges and records it per endpoint", async () => {
    const before = sim.ledger.spent(KEY);
    const mine = tp.state.ledger.snapshot().spent;
    const b = notable.baseToken;
    await viaProxy({ id: "search", query: { q: `${b.symbol ?? "x"}z` } });
    await viaProxy({ id: "sparklines", body: { chain: b.chain, pools: b.pools, timeframe: "1h" } });
    expect(sim.ledger.spent(KEY) - before).toBe(5 + b.pools.length);
    expect(tp.state.ledger.snapshot().spent - mine).toBe(5 + b.pools.length);
  });

  it("serves the stale copy, flagged degraded, while the market fails", async () => {
    const c: Case = { id: "nativePrices" };
    const first = await viaProxy(c);
    expect(first.status).toBe(200);
    const fresh = tp.state.cache;
    // Age the cached copy past ttl + swr without waiting: rewrite its timestamp.
    for (const key of ["GET /v1/prices/native?"]) {
      const e = fresh.get(key);
      expect(e).toBeDefined();
      if (e) fresh.set(key, { ...e.entry, storedAt: e.entry.storedAt - 60_000 });
    }
    sim.setFaults({ restErrorRate: 1 });
    try {
      const p = await viaProxy(c);
      expect(p.status).toBe(200);
      expect((p.body as { meta: { degraded: boolean; staleAgeMs: number } }).meta).toMatchObject({ degraded: true });
      expect((p.body as { meta: { staleAgeMs: number } }).meta.staleAgeMs).toBeGreaterThanOrEqual(60_000);
    } finally {
      sim.setFaults({ restErrorRate: 0 });
    }
  });

  it("never logs the key or the market's address", () => {
    const text = tp.logs.join("");
    expect(tp.logs.length).toBeGreaterThan(100);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(sim.baseUrl);
    expect(text).not.toContain(new URL(sim.baseUrl).host);
  });
});
