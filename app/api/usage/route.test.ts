import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "@/lib/api/endpoints";
import { publicUsageSchema } from "@/lib/api/usage";
import { chainsEnvelope, type FakeUpstream, replyJson } from "@/lib/server/testing/fake-upstream";
import { installTestProxy } from "@/lib/server/testing/installed-proxy";
import type { TestProxy } from "@/lib/server/testing/test-state";
import { type GatewayStats, publishStats } from "@/lib/server/gateway/stats";
import { registerUsageSource } from "@/lib/server/ops/usage-registry";
import { GET as metricsGET } from "../metrics/route";
import { GET as publicGET } from "./public/route";
import { GET } from "./route";

const local = (path: string) => new Request(`http://localhost${path}`, { headers: { "x-forwarded-for": "127.0.0.1" } });
const remote = (path: string) =>
  new Request(`http://localhost${path}`, { headers: { "x-forwarded-for": "203.0.113.9" } });

let up: FakeUpstream;
let tp: TestProxy;
let unregister: () => void;
let uninstall: () => Promise<void>;

beforeAll(async () => {
  ({ up, tp, uninstall } = await installTestProxy(
    (req, res) =>
      req.url.startsWith("/v1/search")
        ? replyJson(res, 200, { data: [], meta: { asOf: 1 } })
        : replyJson(res, 200, chainsEnvelope()),
    "usage-key",
    { creditBudgetPerDay: 1000 },
    true,
  ));
  unregister = registerUsageSource("stream", () => ({ connections: 3, upstreamState: "open" }));
});
afterAll(async () => {
  unregister();
  await uninstall();
});
afterEach(() => {
  up.requests.length = 0;
});

describe("GET /api/usage and /api/metrics", () => {
  it("reports spend, savings, budget and every usage source", async () => {
    const q = { query: { q: "x", limit: 12 }, body: undefined };
    await tp.state.proxy.call(endpoints.search, q);
    await tp.state.proxy.call(endpoints.search, q);
    const res = await GET(local("/api/usage"));
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json();
    expect(body.rest).toMatchObject({
      spent: 5,
      spentToday: 5,
      savedByCache: 5,
      budgetPerDay: 1000,
      remainingToday: 995,
      circuit: "closed",
    });
    expect(body.rest.byEndpoint.search).toMatchObject({ calls: 1, spent: 5, cacheHits: 1 });
    expect(body.rest.cache.entries).toBe(1);
    expect(body.sources.stream).toEqual({ connections: 3, upstreamState: "open" });
    expect(body.sources.rest).toMatchObject({ creditsSpent: 5, creditsSavedByCache: 5, creditBudgetPerDay: 1000 });
    expect(body.fleet).toBeNull();
    expect(JSON.stringify(body)).not.toContain("usage-key");
  });

  it("exposes Prometheus text with latency histograms, cache results and usage gauges", async () => {
    tp.state.metrics.request("search", "GET", 200, "hit", 0.0004);
    tp.state.metrics.cache("search", "hit");
    tp.state.metrics.upstream("search", "ok", 0.003);
    const res = await metricsGET(
      new Request("http://localhost/api/metrics", { headers: { "x-forwarded-for": "127.0.0.1" } }),
    );
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toContain(
      'explorer_proxy_request_duration_seconds_bucket{le="0.0005",endpoint="search",method="GET",status="200",cache="hit"} 1',
    );
    expect(text).toContain('explorer_upstream_request_duration_seconds_count{endpoint="search",outcome="ok"} 2');
    expect(text).toContain('explorer_proxy_cache_results_total{endpoint="search",result="hit"} 2');
    expect(text).toContain('explorer_proxy_cache_results_total{endpoint="search",result="miss"} 1');
    expect(text).toContain('explorer_proxy_credits_spent{endpoint="search"} 5');
    expect(text).toContain("explorer_proxy_credit_budget_per_day 1000");
    expect(text).toContain('explorer_usage{source="stream",name="connections"} 3');
    expect(text).not.toContain("usage-key");
  });

  it("refuses metrics and the full usage report to a caller from elsewhere with 403 forbidden", async () => {
    for (const res of [await metricsGET(remote("/api/metrics")), await GET(remote("/api/usage"))]) {
      expect(res.status).toBe(403);
      expect((await res.json()).error.code).toBe("forbidden");
    }
  });

  it("gives anyone the public subset: credits spent and saved, nothing about the upstream or the host", async () => {
    const q = { query: { q: "pub", limit: 12 }, body: undefined };
    await tp.state.proxy.call(endpoints.search, q);
    await tp.state.proxy.call(endpoints.search, q);
    const res = publicGET();
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json();
    const usage = publicUsageSchema.strict().parse(body.data);
    const full = await (await GET(local("/api/usage"))).json();
    expect(usage).toMatchObject({
      spent: full.rest.spent,
      spentToday: full.rest.spentToday,
      savedByCache: full.rest.savedByCache,
      budgetPerDay: 1000,
      remainingToday: full.rest.remainingToday,
      streamConnectionMinutes: 0,
      polling: null,
    });
    expect(usage.byEndpoint.search).toEqual({
      spent: full.rest.byEndpoint.search.spent,
      savedByCache: full.rest.byEndpoint.search.savedByCache,
      savedByCoalescing: full.rest.byEndpoint.search.savedByCoalescing,
    });
    const text = JSON.stringify(body);
    for (const operatorOnly of ["circuit", "upstreamCalls", "calls", "inFlight", 'cache"', "sources", "usage-key"])
      expect(text).not.toContain(operatorOnly);
  });

  it("shows what the stream gateway's pollers spent, per channel, within their budget a minute", async () => {
    const figures = {
      connectionMinutes: 3, pollBudgetPerMinute: 6_000, pollCreditsLastMinute: 120, pollCreditsSpent: 900,
      pollCreditsTrades: 400, pollCreditsOhlcv: 450, pollCreditsTokenUpdates: 30, pollCreditsPulse: 20, pollCreditsWalletTrades: 6,
    };
    publishStats(() => figures as unknown as GatewayStats);
    try {
      const usage = publicUsageSchema.strict().parse((await publicGET().json()).data);
      expect(usage.streamConnectionMinutes).toBe(3);
      expect(usage.polling).toEqual({
        budgetPerMinute: 6_000, lastMinute: 120, spent: 900,
        byChannel: { trades: 400, ohlcv: 450, "token-updates": 30, pulse: 20, "wallet-trades": 6 },
      });
    } finally {
      publishStats(undefined);
    }
  });
});
