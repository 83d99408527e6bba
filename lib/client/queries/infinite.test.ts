import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  MAX_TAPE_PAGES,
  ohlcvInfiniteOptions,
  TAPE_OLDER_PAGE_ROWS,
  tokenTradesByMakersInfiniteOptions,
  tokenTradesInfiniteOptions,
  walletTradesInfiniteOptions,
} from "./infinite";

const A = "0x00000000000000000000000000000000000000aa";
const P = "0x00000000000000000000000000000000000000bb";
const W = "0x00000000000000000000000000000000000000cc";

/** Records each request; answers with `pages[i]` for the i-th call. */
function stub(pages: Array<{ data: unknown[]; meta: Record<string, unknown> }>) {
  const calls: Array<{ url: URL; body: unknown }> = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    calls.push({ url: new URL(url, "http://app.test"), body: init.body ? JSON.parse(String(init.body)) : undefined });
    const p = pages[Math.min(calls.length - 1, pages.length - 1)];
    return new Response(JSON.stringify({ data: p.data, meta: { asOf: 1, ...p.meta } }));
  });
  return calls;
}
afterEach(() => vi.unstubAllGlobals());

describe("infinite query options", () => {
  it("tape: cursor from meta.nextCursor while hasMore", async () => {
    const calls = stub([
      { data: [1], meta: { hasMore: true, nextCursor: "c2" } },
      { data: [2], meta: { hasMore: false, nextCursor: null } },
    ]);
    const qc = new QueryClient();
    const o = tokenTradesInfiniteOptions({ chain: "evm:8453", address: A, pools: [P], filters: { type: "buy" } });
    await qc.fetchInfiniteQuery({ ...o, pages: 3 });
    expect(calls.map((c) => c.url.searchParams.get("cursor"))).toEqual([null, "c2"]);
    expect(calls[0].url.searchParams.get("type")).toBe("buy");
    // the first page at the service's default size, older ones at the most a call returns (same credits per call)
    expect(calls.map((c) => c.url.searchParams.get("limit"))).toEqual([null, String(TAPE_OLDER_PAGE_ROWS)]);
    expect(calls[1].url.searchParams.get("type")).toBe("buy");
    expect(
      o.getNextPageParam(
        { data: [], meta: { asOf: 1, hasMore: true, nextCursor: "x" } },
        Array(MAX_TAPE_PAGES),
        undefined,
        [],
      ),
    ).toBeUndefined();
  });

  it("candles: endTime = oldestTime − 1 while hasMore", async () => {
    const calls = stub([
      {
        data: [],
        meta: { hasMore: true, oldestTime: 1_000, newestTime: 2_000, interval: "5m", count: 0, quote: "native" },
      },
      {
        data: [],
        meta: { hasMore: false, oldestTime: 500, newestTime: 999, interval: "5m", count: 0, quote: "native" },
      },
    ]);
    const qc = new QueryClient();
    await qc.fetchInfiniteQuery({
      ...ohlcvInfiniteOptions({ chain: "evm:8453", address: A, pools: [P], interval: "5m" }),
      pages: 3,
    });
    expect(calls.map((c) => c.url.searchParams.get("endTime"))).toEqual([null, "999"]);
  });

  it("wallet trades: beforeAt = oldestAt on EVM until an empty page, short pages included; Solana is one page", async () => {
    const calls = stub([
      { data: [1, 2], meta: { oldestAt: 5_000 } },
      { data: [3], meta: { oldestAt: 4_000 } },
      { data: [], meta: { oldestAt: null } },
    ]);
    const qc = new QueryClient();
    await qc.fetchInfiniteQuery({ ...walletTradesInfiniteOptions({ chain: "evm:1", wallet: W, limit: 2 }), pages: 5 });
    expect(calls.map((c) => c.url.searchParams.get("beforeAt"))).toEqual([null, "5000", "4000"]);
    const sol = walletTradesInfiniteOptions({ chain: "solana", wallet: "So11111111111111111111111111111111111111112" });
    expect(sol.getNextPageParam({ data: Array(50), meta: { asOf: 1 } }, [], undefined, [])).toBeUndefined();
  });

  it("makers tape: the cursor travels in the POST body", async () => {
    const calls = stub([
      { data: [1], meta: { hasMore: true, nextCursor: "m2" } },
      { data: [], meta: { hasMore: false, nextCursor: null } },
    ]);
    const qc = new QueryClient();
    await qc.fetchInfiniteQuery({
      ...tokenTradesByMakersInfiniteOptions({ chain: "evm:8453", address: A, pools: [P], makers: [W] }),
      pages: 2,
    });
    expect(calls.map((c) => (c.body as { cursor?: string }).cursor)).toEqual([undefined, "m2"]);
    expect(calls.map((c) => (c.body as { limit?: number }).limit)).toEqual([undefined, TAPE_OLDER_PAGE_ROWS]);
    expect(calls[0].url.pathname).toBe("/api/v1/token/trades");
  });
});
