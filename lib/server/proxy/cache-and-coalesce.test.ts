import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "@/lib/api/endpoints";
import { createCreditsLedger } from "./credits-ledger";
import { cacheKey, createProxy, stableStringify } from "./cache-and-coalesce";
import { createResponseCache } from "./response-cache";
import { chainsEnvelope, type FakeUpstream, replyJson, startFakeUpstream } from "../testing/fake-upstream";
import { createUpstreamClient, type UpstreamClient } from "./upstream-client";

let up: FakeUpstream;
let client: UpstreamClient;
let t = 1_700_000_000_000;
const noInput = { query: {}, body: undefined };
const ok = () => up.setHandler((_req, res) => replyJson(res, 200, chainsEnvelope(t)));

beforeAll(async () => {
  up = await startFakeUpstream(() => {});
  client = createUpstreamClient({
    target: () => ({ kind: "remote", baseUrl: up.baseUrl, streamUrl: "", key: "k" }),
    timeoutMs: 300,
  });
});
afterAll(async () => {
  await client.close();
  await up.close();
});
afterEach(() => {
  up.requests.length = 0;
  ok();
});

function setup(budgetPerDay?: number) {
  const now = () => t;
  const ledger = createCreditsLedger({ budgetPerDay, now });
  const cache = createResponseCache({ maxBytes: 1 << 20, now });
  const seen: string[] = [];
  const proxy = createProxy({
    upstream: client,
    cache,
    ledger,
    now,
    observer: { cache: (id, r) => seen.push(`${id}:${r}`) },
  });
  return { proxy, ledger, cache, seen };
}

async function settled(proxy: { inFlight(): number }) {
  for (let i = 0; i < 200 && proxy.inFlight() > 0; i++) await new Promise((r) => setTimeout(r, 5));
}

describe("proxy", () => {
  it("100 concurrent identical requests make one upstream call", async () => {
    up.setHandler((_req, res) => {
      setTimeout(() => replyJson(res, 200, { data: [], meta: { asOf: t } }), 30);
    });
    const { proxy, ledger } = setup();
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        proxy.call(endpoints.search, { query: { q: "pepe", limit: 12 }, body: undefined }).catch((e) => e),
      ),
    );
    expect(up.requests.length).toBe(1);
    const statuses = results.map((r) => r.headers?.cache ?? r.code);
    expect(statuses.filter((s) => s === "miss").length).toBe(1);
    expect(statuses.filter((s) => s === "coalesced").length).toBe(99);
    expect(ledger.snapshot()).toMatchObject({ spent: 5, savedByCoalescing: 99 * 5 });
  });

  it("serves a fresh copy from cache, then stale with exactly one background refresh", async () => {
    const { proxy, ledger, seen } = setup();
    const first = await proxy.call(endpoints.chains, noInput);
    expect(first.headers).toMatchObject({ cache: "miss", ageMs: 0, degraded: false });
    expect(first.headers.cacheControl).toMatch(/^public, max-age=3600, stale-while-revalidate=86400/);
    t += 10_000;
    const hit = await proxy.call(endpoints.chains, noInput);
    expect(hit.headers).toMatchObject({ cache: "hit", ageMs: 10_000 });
    // The lifetime is the policy's; the Age header (10 s) is what a browser or CDN subtracts, so not twice.
    expect(hit.headers.cacheControl).toMatch(/^public, max-age=3600, stale-while-revalidate=86400/);
    expect(hit.text).toBe(first.text);
    expect(up.requests.length).toBe(1);

    t += endpoints.chains.cache.ttlMs;
    up.setHandler((_req, res) => {
      setTimeout(() => replyJson(res, 200, chainsEnvelope(t, "Refreshed")), 20);
    });
    const stale = await Promise.all([proxy.call(endpoints.chains, noInput), proxy.call(endpoints.chains, noInput)]);
    expect(stale.map((r) => r.headers.cache)).toEqual(["stale", "stale"]);
    expect(stale[0].headers.cacheControl).toBe("public, max-age=3600, stale-while-revalidate=86400, stale-if-error=604800");
    expect(stale[0].headers.ageMs).toBeGreaterThan(endpoints.chains.cache.ttlMs);
    await settled(proxy);
    expect(up.requests.length).toBe(2);
    const after = await proxy.call(endpoints.chains, noInput);
    expect(after.headers.cache).toBe("hit");
    expect((after.body as { data: { name: string }[] }).data[0].name).toBe("Refreshed");
    expect(seen.slice(0, 3)).toEqual(["chains:miss", "chains:hit", "chains:stale"]);
    expect(ledger.snapshot().byEndpoint.chains.cacheHits).toBe(4);
  });

  it("a caller needing an answer as of a moment skips older copies and an older call in flight, not a newer one", async () => {
    const { proxy } = setup();
    let asOf = 1_000;
    up.setHandler((_req, res) => {
      const answer = asOf;
      asOf += 1_000;
      setTimeout(() => replyJson(res, 200, { data: [], meta: { asOf: answer } }), 30);
    });
    const q = { query: { q: "moment", limit: 12 }, body: undefined };
    await proxy.call(endpoints.search, q); // cached, as of 1,000
    const asOfOf = (r: { body: unknown }) => (r.body as { meta: { asOf: number } }).meta.asOf;
    // A fresh copy too old for the caller: an upstream call (as of 2,000).
    const skipped = await proxy.call(endpoints.search, q, { minAsOf: 1_500 });
    expect([skipped.headers.cache, asOfOf(skipped)]).toEqual(["miss", 2_000]);
    // The same moment again: the copy now reaches it.
    expect((await proxy.call(endpoints.search, q, { minAsOf: 1_500 })).headers.cache).toBe("hit");
    // Joined a call in flight that answers as of 3,000, short of 3,500: one more call (4,000) after it.
    const [lead, late] = await Promise.all([
      proxy.call(endpoints.search, q, { minAsOf: 2_500 }),
      proxy.call(endpoints.search, q, { minAsOf: 3_500 }),
    ]);
    expect([asOfOf(lead), asOfOf(late)]).toEqual([3_000, 4_000]);
    // Joined one that reaches the moment: no more calls.
    const calls = up.requests.length;
    const both = await Promise.all([
      proxy.call(endpoints.search, q, { minAsOf: 4_500 }),
      proxy.call(endpoints.search, q, { minAsOf: 4_500 }),
    ]);
    expect(both.map(asOfOf)).toEqual([5_000, 5_000]);
    expect(up.requests.length).toBe(calls + 1);
  });

  it("counts no credits saved for the stale answer whose background refresh spends them", async () => {
    const { proxy, ledger } = setup();
    up.setHandler((_req, res) => {
      setTimeout(() => replyJson(res, 200, { data: [], meta: { asOf: t } }), 20);
    });
    const q = { query: { q: "stale", limit: 12 }, body: undefined };
    await proxy.call(endpoints.search, q);
    t += endpoints.search.cache.ttlMs;
    const served = await Promise.all([proxy.call(endpoints.search, q), proxy.call(endpoints.search, q)]);
    expect(served.map((r) => r.headers.cache)).toEqual(["stale", "stale"]);
    await settled(proxy);
    // Two upstream calls (5 credits each); only the second stale answer avoided one.
    expect(up.requests.length).toBe(2);
    expect(ledger.snapshot()).toMatchObject({ spent: 10, savedByCache: 5 });
    expect(ledger.snapshot().byEndpoint.search.cacheHits).toBe(2);
  });

  it("serves the stale copy flagged degraded with its age when the upstream fails", async () => {
    const { proxy } = setup();
    const q = { query: {}, body: undefined };
    await proxy.call(endpoints.nativePrices, q).catch(() => {});
    up.setHandler((_req, res) =>
      replyJson(res, 200, {
        data: { solana: { symbol: "SOL", priceUsd: 150, source: "live", stale: false, updatedAt: t } },
        meta: { asOf: t },
      }),
    );
    await proxy.call(endpoints.nativePrices, q);
    const { ttlMs, swrMs } = endpoints.nativePrices.cache;
    t += ttlMs + swrMs + 1_000;
    up.setHandler((_req, res) => replyJson(res, 500, "down"));
    const r = await proxy.call<{ meta: { degraded: boolean; staleAgeMs: number; asOf: number } }>(
      endpoints.nativePrices,
      q,
    );
    expect(r.headers).toMatchObject({
      cache: "stale",
      degraded: true,
      cacheControl: "no-store",
      ageMs: ttlMs + swrMs + 1_000,
    });
    expect(r.body.meta).toMatchObject({ degraded: true, staleAgeMs: ttlMs + swrMs + 1_000 });
    t += endpoints.nativePrices.cache.staleIfErrorMs;
    await expect(proxy.call(endpoints.nativePrices, q)).rejects.toMatchObject({ code: "upstream_error", status: 502 });
  });

  it("while the upstream rate limits the key, serves stale copies and holds new calls back", async () => {
    const own = createUpstreamClient({
      target: () => ({ kind: "remote", baseUrl: up.baseUrl, streamUrl: "", key: "k" }),
      timeoutMs: 300,
      now: () => t,
    });
    const now = () => t;
    const ledger = createCreditsLedger({ now });
    const proxy = createProxy({ upstream: own, cache: createResponseCache({ maxBytes: 1 << 20, now }), ledger, now });
    await proxy.call(endpoints.chains, noInput);
    t += endpoints.chains.cache.ttlMs + endpoints.chains.cache.swrMs + 1_000;
    up.setHandler((_req, res) => replyJson(res, 429, "", { "retry-after": "30" }));
    const degraded = await proxy.call(endpoints.chains, noInput);
    expect(degraded.headers).toMatchObject({ degraded: true, cacheControl: "no-store" });
    ok();
    const calls = up.requests.length;
    await expect(proxy.call(endpoints.search, { query: { q: "new", limit: 12 }, body: undefined })).rejects.toMatchObject({
      code: "upstream_rate_limited",
      status: 429,
    });
    expect((await proxy.call(endpoints.chains, noInput)).headers.degraded).toBe(true);
    expect(up.requests.length).toBe(calls);
    expect(ledger.snapshot().spent).toBe(0);
    await own.close();
  });

  it("does not hide a 404 behind a stale copy", async () => {
    const { proxy } = setup();
    const q = { query: { chain: "evm:1", address: `0x${"1".repeat(40)}` }, body: undefined };
    up.setHandler((_req, res) => replyJson(res, 404, { error: { code: "token_not_found", message: "gone" } }));
    await expect(proxy.call(endpoints.token, q)).rejects.toMatchObject({ code: "token_not_found" });
  });

  it("refuses with credit_budget_exhausted before calling upstream, still serving cached copies", async () => {
    const { proxy, ledger } = setup(6);
    up.setHandler((_req, res) => replyJson(res, 200, { data: [], meta: { asOf: t } }));
    await proxy.call(endpoints.search, { query: { q: "a", limit: 12 }, body: undefined });
    const before = up.requests.length;
    await expect(proxy.call(endpoints.search, { query: { q: "b", limit: 12 }, body: undefined })).rejects.toMatchObject(
      {
        code: "credit_budget_exhausted",
        status: 429,
      },
    );
    expect(up.requests.length).toBe(before);
    expect((await proxy.call(endpoints.search, { query: { q: "a", limit: 12 }, body: undefined })).headers.cache).toBe(
      "hit",
    );
    ok();
    expect((await proxy.call(endpoints.chains, noInput)).headers.cache).toBe("miss");
    expect(ledger.snapshot().spentToday).toBe(5);
  });

  it("marks full, closed candle pages immutable, and nothing short or freshly closed", async () => {
    const { proxy } = setup();
    const addr = `0x${"2".repeat(40)}`;
    const page = (n: number) => ({
      data: Array.from({ length: n }, (_, i) => ({ time: 300 * i, open: 1, high: 1, low: 1, close: 1, volume: 1 })),
      meta: { asOf: t, interval: "5m", count: n, oldestTime: 0, newestTime: 300 * (n - 1), hasMore: true, quote: "native" },
    });
    let rows = 3;
    up.setHandler((_req, res) => replyJson(res, 200, page(rows)));
    const query = { chain: "evm:1", address: addr, pools: [addr], interval: "5m", limit: 3, quote: "native" };
    const call = (endTime?: number) => proxy.call(endpoints.ohlcv, { query: { ...query, endTime }, body: undefined });
    const nowSec = Math.floor(t / 1000);
    expect((await call(nowSec - 3_600)).headers.cacheControl).toBe("public, max-age=31536000, immutable");
    // The newest bucket closed 10 s ago: a preconfirmed swap may still change it.
    expect((await call(nowSec - 300 - 10)).headers.cacheControl).toMatch(/^public, max-age=2,/);
    rows = 2; // a short page: its newest rows may not have arrived
    expect((await call(nowSec - 7_200)).headers.cacheControl).toMatch(/^public, max-age=2,/);
    expect((await call()).headers.cacheControl).toMatch(/^public, max-age=2,/);
  });

  it("keys POST bodies by content, not key order, and never lets a browser cache them", async () => {
    const { proxy } = setup();
    up.setHandler((_req, res) =>
      replyJson(res, 200, { data: { p: [1, 2] }, meta: { asOf: t, timeframe: "24h", quote: "native" } }),
    );
    const pool = `0x${"3".repeat(40)}`;
    const a = await proxy.call(endpoints.sparklines, {
      query: {},
      body: { chain: "evm:1", pools: [pool], timeframe: "24h" },
    });
    const b = await proxy.call(endpoints.sparklines, {
      query: {},
      body: { timeframe: "24h", pools: [pool], chain: "evm:1" },
    });
    expect([a.headers.cache, b.headers.cache]).toEqual(["miss", "hit"]);
    expect(a.headers.cacheControl).toBe("no-store");
    expect(up.requests.length).toBe(1);
  });

  it("builds cache keys from canonical parts", () => {
    expect(cacheKey(endpoints.search, { query: { q: "x", limit: 12 }, body: undefined })).toBe(
      "GET /v1/search?limit=12&q=x",
    );
    expect(stableStringify({ b: [2, { d: 1, c: undefined }], a: "x" })).toBe('{"a":"x","b":[2,{"d":1}]}');
  });
});
