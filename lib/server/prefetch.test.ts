import { QueryClient } from "@tanstack/react-query";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ohlcvInfiniteOptions, searchOptions, tokenPriceBatchOptions } from "@/lib/client/queries";
import { callEndpoint } from "./proxy/call-endpoint";
import { fetchEndpoint, fetchQueryData, prefetchQueries, prefetchQuery } from "./prefetch";
import { type FakeUpstream, replyJson } from "./testing/fake-upstream";
import { installTestProxy } from "./testing/installed-proxy";

const EVM = `0x${"ef".repeat(20)}`;
const PRICE = {
  chain: "evm:1",
  address: EVM,
  priceUsd: 1.5,
  priceNative: 0.001,
  marketCapUsd: 1e6,
  liquidityUsd: 5e4,
  priceChange24hPct: -2,
  updatedAt: 9,
};
let up: FakeUpstream;
let uninstall: () => Promise<void>;

beforeAll(async () => {
  ({ up, uninstall } = await installTestProxy((req, res) => {
    if (req.url.startsWith("/v1/search")) return replyJson(res, 200, { data: [], meta: { asOf: 9 } });
    if (req.url.startsWith("/v1/token/price") && req.method === "POST")
      return replyJson(res, 200, { data: [{ data: PRICE }], meta: { asOf: 9 } });
    if (req.url.startsWith("/v1/token/ohlcv"))
      return replyJson(res, 200, {
        data: [{ time: 60, open: 1, high: 2, low: 0.5, close: 1.5, volume: 3 }],
        meta: { asOf: 9, interval: "5m", count: 1, oldestTime: 60, newestTime: 60, hasMore: true, quote: "native" },
      });
    replyJson(res, 500, "x");
  }, "k"));
});
afterAll(() => uninstall());
afterEach(() => {
  up.requests.length = 0;
});

describe("server-side calls", () => {
  it("prefetch fills the client's query key with the envelope and shares the proxy cache", async () => {
    const qc = new QueryClient();
    const options = searchOptions({ q: "pepe" });
    await prefetchQuery(qc, options);
    expect(qc.getQueryData(options.queryKey)).toEqual({ data: [], meta: { asOf: 9 } });
    // Same canonical key as the browser's /api/v1/search?q=pepe (default limit applied): a cache hit now.
    const again = await callEndpoint("search", { query: { q: "pepe", limit: 12 }, body: undefined });
    expect(again.headers.cache).toBe("hit");
    expect(up.requests.map((r) => r.url)).toEqual(["/v1/search?limit=12&q=pepe"]);
  });

  it("prefetches POST endpoints with the validated body", async () => {
    const qc = new QueryClient();
    const options = tokenPriceBatchOptions({ items: [{ chain: "evm:1", address: EVM }] });
    await prefetchQuery(qc, options);
    expect(qc.getQueryData(options.queryKey)).toMatchObject({ data: [{ data: PRICE }] });
    expect(JSON.parse(up.requests[0].body)).toEqual({ items: [{ chain: "evm:1", address: EVM }] });
  });

  it("prefetches the first page of an infinite query", async () => {
    const qc = new QueryClient();
    const input = { chain: "evm:1" as const, address: EVM, pools: [EVM] };
    const options = ohlcvInfiniteOptions(input);
    await prefetchQuery(qc, options);
    const data = qc.getQueryData(options.queryKey) as { pages: unknown[]; pageParams: unknown[] };
    expect(data.pages).toHaveLength(1);
    expect(data.pageParams).toEqual([undefined]);
    expect(up.requests[0].url).not.toContain("endTime");
  });

  it("prefetches a page's list under the browser's keys, and refuses options it cannot name", async () => {
    const qc = new QueryClient();
    const off = { ...searchOptions({ q: "disabled" }), enabled: false };
    const list = { search: searchOptions({ q: "list" }), more: [searchOptions({ q: "list2" })], off };
    await prefetchQueries(qc, list);
    expect(qc.getQueryData(list.search.queryKey)).toEqual({ data: [], meta: { asOf: 9 } });
    expect(qc.getQueryData(list.more[0].queryKey)).toEqual({ data: [], meta: { asOf: 9 } });
    expect(qc.getQueryData(off.queryKey)).toBeUndefined(); // the browser will not run it either
    expect(up.requests.map((r) => r.url).sort()).toEqual(["/v1/search?limit=12&q=list", "/v1/search?limit=12&q=list2"]);
    expect(() => prefetchQuery(qc, { queryKey: ["api", "nope"] })).toThrow(/meta.endpoint/);
  });

  it("fetchQueryData answers the envelope a browser query would get", async () => {
    expect(await fetchQueryData(searchOptions({ q: "data" }))).toEqual({ data: [], meta: { asOf: 9 } });
  });

  it("fetchEndpoint validates like /api/v1 and throws ApiError", async () => {
    await expect(fetchEndpoint("search", { query: { q: "x", limit: 99 } })).rejects.toMatchObject({
      code: "invalid_parameter",
      param: "limit",
      status: 400,
    });
    await expect(fetchEndpoint("search", { query: { q: "x", bogus: 1 } })).rejects.toMatchObject({
      code: "unknown_parameter",
    });
    expect(up.requests.length).toBe(0);
    expect(await fetchEndpoint("search", { query: { q: "y" } })).toEqual({ data: [], meta: { asOf: 9 } });
  });

  it("callEndpoint parses the body lazily and reports cache status and age", async () => {
    const r = await callEndpoint("search", { query: { q: "lazy", limit: 12 }, body: undefined });
    expect(r.status).toBe(200);
    expect(r.headers).toMatchObject({ cache: "miss", degraded: false });
    expect(r.body).toBe(r.body);
    expect(r.body.meta.asOf).toBe(9);
  });
});
