import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ENDPOINT_LIST } from "@/lib/api/endpoints";
import { walletProfileFixture } from "@/lib/api/testing/wallet-profile";
import { setProxyState } from "@/lib/server/proxy/state";
import { chainsEnvelope, type FakeUpstream, replyJson, startFakeUpstream } from "@/lib/server/testing/fake-upstream";
import { createTestProxy, type TestProxy } from "@/lib/server/testing/test-state";
import { GET, POST } from "./route";

const KEY = "route-test-key-9c1e";
const EVM = `0x${"ab".repeat(20)}`;
const EVM2 = `0x${"cd".repeat(20)}`;
const EVM3 = `0x${"ef".repeat(20)}`;

/** A profile naming its own address, so each slot of a batch answer tells which item it belongs to. */
function profile(address: string) {
  return walletProfileFixture({
    address,
    displayName: `name of ${address}`,
    sources: ["test"],
    identityGroup: address,
  });
}
let up: FakeUpstream;
let tp: TestProxy;

beforeAll(async () => {
  up = await startFakeUpstream(() => {});
});
afterAll(async () => {
  await up.close();
});
afterEach(async () => {
  setProxyState(undefined);
  await tp?.state.close();
  tp = undefined as unknown as TestProxy;
  up.requests.length = 0;
});

function useProxy(settings: Parameters<typeof createTestProxy>[1] = {}) {
  tp = createTestProxy({ baseUrl: up.baseUrl, key: KEY }, { rateLimitPerSec: 0, ...settings });
  setProxyState(tp.state);
  up.setHandler((req, res) => {
    if (req.url.startsWith("/v1/meta/chains"))
      return replyJson(res, 200, chainsEnvelope(), { "x-credits-spent": "0", "x-credits-total": "11" });
    if (req.url.startsWith("/v1/search")) return replyJson(res, 200, { data: [], meta: { asOf: 5 } });
    if (req.url.startsWith("/v1/wallet/profile")) {
      const items = (JSON.parse(req.body) as { items: { address: string }[] }).items;
      return replyJson(res, 200, {
        data: items.map((i) => ({ data: i.address === EVM3 ? null : profile(i.address) })),
        meta: { asOf: 5 },
      });
    }
    if (req.url.startsWith("/v1/token/sparklines")) {
      const pools = (JSON.parse(req.body) as { pools: string[] }).pools;
      const data = Object.fromEntries(pools.map((p, i) => [p, [i, i + 1]]));
      return replyJson(res, 200, { data, meta: { asOf: 5, timeframe: "24h", quote: "native" } });
    }
    return replyJson(res, 500, "unexpected");
  });
}

const ctx = (path: string[]) => ({ params: Promise.resolve({ path }) });
const get = (url: string, path: string[], headers: Record<string, string> = {}) =>
  GET(new Request(`http://localhost${url}`, { headers }), ctx(path));
const post = (
  url: string,
  path: string[],
  body: string,
  headers: Record<string, string> = { "content-type": "application/json" },
) => POST(new Request(`http://localhost${url}`, { method: "POST", body, headers }), ctx(path));

describe("GET /api/v1/*", () => {
  it("proxies a registry path and reports the cache result", async () => {
    useProxy();
    const first = await get("/api/v1/meta/chains", ["meta", "chains"]);
    expect(first.status).toBe(200);
    expect(first.headers.get("x-cache")).toBe("miss");
    expect(first.headers.get("cache-control")).toMatch(/^public, max-age=\d+/);
    expect(first.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await first.json()).toEqual(chainsEnvelope());
    const second = await get("/api/v1/meta/chains", ["meta", "chains"]);
    expect(second.headers.get("x-cache")).toBe("hit");
    expect(up.requests.length).toBe(1);
    expect(tp.state.ledger.snapshot().upstreamCreditsTotal).toBe(11);
  });

  it("x-min-as-of skips a cached copy answering as of an earlier moment, and refuses a malformed one", async () => {
    // the market's clock runs at its own pace (here 4x the proxy's), so the bound is the answer's asOf, not its age
    let t = 1_000_000;
    const market = () => 5_000_000 + 4 * (t - 1_000_000);
    tp = createTestProxy({ baseUrl: up.baseUrl, key: KEY }, { rateLimitPerSec: 0 }, () => t);
    setProxyState(tp.state);
    up.setHandler((_req, res) => replyJson(res, 200, { data: [], meta: { asOf: market() } }));
    const url = "/api/v1/search?q=pepe";
    const ask = async (headers: Record<string, string> = {}) => {
      const r = await get(url, ["search"], headers);
      return { cache: r.headers.get("x-cache"), asOf: ((await r.json()) as { meta: { asOf: number } }).meta.asOf };
    };
    expect(await ask()).toEqual({ cache: "miss", asOf: 5_000_000 });
    t += 500; // the copy is half a second old here, two market seconds
    expect((await ask()).cache).toBe("hit");
    expect((await ask({ "x-min-as-of": "5000000" })).cache).toBe("hit");
    expect(up.requests.length).toBe(1);
    // a repair that resumed at market time 5,001,000 needs rows up to then: a new answer, shared by all after it
    expect(await ask({ "x-min-as-of": "5001000" })).toEqual({ cache: "miss", asOf: 5_002_000 });
    expect((await ask()).cache).toBe("hit");
    expect((await ask({ "x-min-as-of": "5002000" })).cache).toBe("hit");
    expect(up.requests.length).toBe(2);
    const bad = await get(url, ["search"], { "x-min-as-of": "yesterday" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string; param: string } }).error).toMatchObject({
      code: "invalid_parameter",
      param: "x-min-as-of",
    });
    expect(up.requests.length).toBe(2);
  });

  it("answers 400 { error: { code, message, param } } before any upstream call", async () => {
    useProxy();
    const cases: Array<[string, string, string]> = [
      ["/api/v1/search", "missing_parameter", "q"],
      ["/api/v1/search?q=x&limit=51", "invalid_parameter", "limit"],
      ["/api/v1/search?q=x&url=http://evil.example", "unknown_parameter", "url"],
      ["/api/v1/search?q=x&q=y", "invalid_parameter", "q"],
      ["/api/v1/search?q=a%0d%0aHost:%20evil", "invalid_parameter", "q"],
    ];
    for (const [url, code, param] of cases) {
      const res = await get(url, ["search"]);
      expect(res.status, url).toBe(400);
      expect(res.headers.get("cache-control")).toBe("no-store");
      const body = await res.json();
      expect(body.error).toMatchObject({ code, param });
      expect(typeof body.error.message).toBe("string");
    }
    expect(up.requests.length).toBe(0);
    expect(tp.state.ledger.snapshot().spent).toBe(0);
  });

  it("404 for unknown paths and 405 with Allow for a wrong method", async () => {
    useProxy();
    const nf = await get("/api/v1/admin", ["admin"]);
    expect(nf.status).toBe(404);
    expect((await nf.json()).error.code).toBe("not_found");
    const na = await post("/api/v1/search", ["search"], "{}");
    expect(na.status).toBe(405);
    expect(na.headers.get("allow")).toBe("GET");
    expect((await na.json()).error.code).toBe("method_not_allowed");
    const twin = await get("/api/v1/token/sparklines", ["token", "sparklines"]);
    expect(twin.headers.get("allow")).toBe("POST");
    expect(up.requests.length).toBe(0);
  });

  it("never forwards the caller's headers", async () => {
    useProxy();
    await get("/api/v1/meta/chains", ["meta", "chains"], {
      cookie: "session=1",
      authorization: "attacker-key",
      "x-forwarded-host": "evil.example",
      "x-api-key": "other",
    });
    const h = up.requests[0].headers;
    expect(h.authorization).toBe(KEY);
    expect(h.cookie).toBeUndefined();
    expect(h["x-forwarded-host"]).toBeUndefined();
    expect(h["x-api-key"]).toBeUndefined();
    expect(h.host).toBe(new URL(up.baseUrl).host);
  });

  it("rate limits per client IP with Retry-After", async () => {
    useProxy({ rateLimitPerSec: 1, rateLimitBurst: 2 });
    const h = { "x-forwarded-for": "198.51.100.7" };
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await get("/api/v1/meta/chains", ["meta", "chains"], h)).status);
    expect(statuses).toEqual([200, 200, 429]);
    const limited = await get("/api/v1/meta/chains", ["meta", "chains"], h);
    expect(limited.headers.get("retry-after")).toBe("1");
    expect((await limited.json()).error.code).toBe("rate_limited");
    expect((await get("/api/v1/meta/chains", ["meta", "chains"], { "x-forwarded-for": "198.51.100.8" })).status).toBe(
      200,
    );
  });

  it("logs one line per request without the key or the upstream URL", async () => {
    useProxy();
    up.setHandler((_req, res) => replyJson(res, 401, { error: { code: "unauthorized", message: `bad key ${KEY}` } }));
    const res = await get("/api/v1/meta/chains", ["meta", "chains"]);
    expect(res.status).toBe(502);
    expect((await res.json()).error.code).toBe("upstream_auth");
    await get("/api/v1/search?q=zz", ["search"]);
    const text = tp.logs.join("");
    expect(text).toContain('"endpoint":"chains"');
    expect(text).toContain('"status":502');
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(up.baseUrl);
    expect(text).not.toContain(new URL(up.baseUrl).host);
  });
});

describe("POST /api/v1/*", () => {
  it("proxies a batch in input order, one slot per item", async () => {
    useProxy();
    const items = [{ address: EVM2 }, { address: EVM3 }, { address: EVM }];
    const res = await post("/api/v1/wallet/profile", ["wallet", "profile"], JSON.stringify({ items }));
    expect(res.status).toBe(200);
    const slots = (await res.json()).data as { data: { address: string } | null }[];
    expect(slots.map((s) => s.data?.address ?? null)).toEqual([EVM2, null, EVM]);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(JSON.parse(up.requests[0].body)).toEqual({ items });
  });

  it("asks and charges once for an item repeated in another letter case, keeping every slot", async () => {
    useProxy();
    const upper = `0x${"AB".repeat(20)}`;
    const items = [{ address: upper }, { address: EVM2 }, { address: EVM }];
    const res = await post("/api/v1/wallet/profile", ["wallet", "profile"], JSON.stringify({ items }));
    const slots = (await res.json()).data as { data: { address: string } }[];
    expect(slots.map((s) => s.data.address)).toEqual([EVM, EVM2, EVM]);
    expect(JSON.parse(up.requests[0].body)).toEqual({ items: [{ address: EVM }, { address: EVM2 }] });
    expect(tp.state.ledger.snapshot().spent).toBe(2);
    // The same set in lowercase is the same request: served from cache.
    const again = await post(
      "/api/v1/wallet/profile",
      ["wallet", "profile"],
      JSON.stringify({ items: [{ address: EVM }, { address: EVM2 }] }),
    );
    expect(again.headers.get("x-cache")).toBe("hit");
    expect(up.requests.length).toBe(1);
  });

  it("charges a sparkline pool once however often and in whatever case it is named", async () => {
    useProxy();
    const body = { chain: "evm:1", pools: [`0x${"AB".repeat(20)}`, EVM, EVM2] };
    const res = await post("/api/v1/token/sparklines", ["token", "sparklines"], JSON.stringify(body));
    expect(res.status).toBe(200);
    expect(JSON.parse(up.requests[0].body)).toMatchObject({ chain: "evm:1", pools: [EVM, EVM2] });
    expect(Object.keys((await res.json()).data)).toEqual([EVM, EVM2]);
    expect(tp.state.ledger.snapshot().spent).toBe(2);
  });

  it("rejects bad bodies with clear codes and zero upstream calls", async () => {
    useProxy();
    const path = ["wallet", "profile"];
    const url = "/api/v1/wallet/profile";
    const r1 = await post(url, path, "{", { "content-type": "application/json" });
    expect([r1.status, (await r1.json()).error.code]).toEqual([400, "invalid_json"]);
    const r2 = await post(url, path, "{}", { "content-type": "text/plain" });
    expect([r2.status, (await r2.json()).error.code]).toEqual([415, "unsupported_media_type"]);
    const r3 = await post(url, path, JSON.stringify({ items: [{ address: EVM }], pad: "x".repeat(300_000) }));
    expect([r3.status, (await r3.json()).error.code]).toEqual([413, "payload_too_large"]);
    const r4 = await post(url, path, JSON.stringify({ items: [] }));
    expect(r4.status).toBe(400);
    expect((await r4.json()).error).toMatchObject({ code: "invalid_body", param: "items" });
    const r5 = await post(url, path, JSON.stringify({ items: [{ address: EVM }], extra: 1 }));
    expect((await r5.json()).error.code).toBe("invalid_body");
    const r6 = await post(url, path, "");
    expect((await r6.json()).error.code).toBe("invalid_json");
    expect(up.requests.length).toBe(0);
  });
});

describe("SSRF corpus", () => {
  const registryPaths = new Set(ENDPOINT_LIST.map((e) => e.path));
  const corpus: Array<[string, unknown]> = [
    ["/api/v1//evil.example", ["", "evil.example"]],
    ["/api/v1/..%2Fadmin", ["../admin"]],
    ["/api/v1/%2e%2e/admin", ["..", "admin"]],
    ["/api/v1/%2E%2E", [".."]],
    ["/api/v1/token%2Fohlcv", ["token/ohlcv"]],
    ["/api/v1/token%2fohlcv", ["token%2fohlcv"]],
    ["/api/v1/http:/evil.example/v1/search", ["http:", "evil.example", "v1", "search"]],
    ["/api/v1/http%3A%2F%2Fevil.example", ["http://evil.example"]],
    ["/api/v1/token%5Cohlcv", ["token\\ohlcv"]],
    ["/api/v1/..%5Cadmin", ["..\\admin"]],
    ["/api/v1/@evil.example", ["@evil.example"]],
    ["/api/v1/search%3Fq=x", ["search?q=x"]],
    ["/api/v1/search%23x", ["search#x"]],
    ["/api/v1/search%00", ["search\u0000"]],
    ["/api/v1/s%C3%A9arch", ["séarch"]],
    ["/api/v1/%EF%BD%93earch", ["ｓearch"]],
    ["/api/v1/search%E2%80%8B", ["search\u200b"]],
    ["/api/v1/Search", ["Search"]],
    ["/api/v1/%73earch", ["search"]],
    ["/api/v1/meta/chains/", ["meta", "chains", ""]],
    ["/api/v1/meta/./chains", ["meta", ".", "chains"]],
    [`/api/v1/${"a".repeat(5_000)}`, ["a".repeat(5_000)]],
    [`/api/v1/${"a/".repeat(500)}`, Array(500).fill("a")],
    ["/api/v1/search", "search"],
    ["/api/v1/search", undefined],
    ["/api/v1/search", [1]],
    ["/api/v1/token", ["v1", "token"]],
    ["/api/v1/v1/token", ["v1", "token"]],
  ];

  it("never reaches the upstream with anything but a registry path", async () => {
    useProxy();
    for (const [url, segments] of corpus) {
      const req = new Request(`http://localhost${url}`);
      const res = await GET(req, ctx(segments as string[]));
      expect([404, 405], `${url} → ${res.status}`).toContain(res.status);
      const res2 = await POST(
        new Request(`http://localhost${url}`, {
          method: "POST",
          body: "{}",
          headers: { "content-type": "application/json" },
        }),
        ctx(segments as string[]),
      );
      expect([404, 405]).toContain(res2.status);
    }
    expect(up.requests.length).toBe(0);
    // And the legitimate neighbours do pass, only to registry paths.
    await get("/api/v1/meta/chains", ["meta", "chains"]);
    await get("/api/v1/search?q=x", ["search"]);
    expect(up.requests.map((r) => new URL(r.url, "http://x").pathname).every((p) => registryPaths.has(p))).toBe(true);
    expect(up.requests.length).toBe(2);
  });
});

describe("misconfiguration", () => {
  it("answers 500 internal_error naming nothing secret when a setting is malformed", async () => {
    setProxyState(undefined);
    const prev = process.env.PROXY_CACHE_MB;
    process.env.PROXY_CACHE_MB = "lots";
    const errors: string[] = [];
    const orig = console.error;
    console.error = (m: string) => errors.push(m);
    try {
      const res = await get("/api/v1/meta/chains", ["meta", "chains"]);
      expect(res.status).toBe(500);
      expect((await res.json()).error.code).toBe("internal_error");
      expect(errors.join()).toMatch(/PROXY_CACHE_MB/);
    } finally {
      console.error = orig;
      if (prev === undefined) delete process.env.PROXY_CACHE_MB;
      else process.env.PROXY_CACHE_MB = prev;
    }
  });
});
