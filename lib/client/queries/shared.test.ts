import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pagedQuery } from "./shared";

const A = "0x00000000000000000000000000000000000000AA";
const a = A.toLowerCase();

/** Records each request; answers with `pages[i]` for the i-th call. */
function stub(pages: Array<{ data: unknown[]; meta: Record<string, unknown> }>) {
  const calls: Array<{ url: URL; method: string; body: unknown }> = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    calls.push({
      url: new URL(url, "http://app.test"),
      method: init.method ?? "GET",
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    });
    const p = pages[Math.min(calls.length - 1, pages.length - 1)];
    return new Response(JSON.stringify({ data: p.data, meta: { asOf: 1, ...p.meta } }));
  });
  return calls;
}
afterEach(() => vi.unstubAllGlobals());

/** Pages whose `meta.oldestAt` is the next cursor, ending with an empty page. */
const walletPages = (n: number) => [
  ...Array.from({ length: n }, (_, i) => ({ data: [i], meta: { oldestAt: 1_000 - i } })),
  { data: [], meta: { oldestAt: null } },
];

describe("pagedQuery", () => {
  const wallet = (maxPages: number) =>
    pagedQuery({
      id: "walletTrades",
      input: { chain: "evm:1", wallet: A, limit: 2, unused: undefined },
      cursorField: "beforeAt",
      maxPages,
      next: (last) => (last.data.length > 0 ? (last.meta.oldestAt ?? undefined) : undefined),
      olderPage: (cursor, input) => ({ limit: input.limit * 10, seen: cursor }),
    });

  it("keys and describes the query by its normalised input, for the browser and the server prefetch alike", () => {
    const o = wallet(5);
    const input = { chain: "evm:1", limit: 2, wallet: a };
    expect(o.queryKey).toEqual(["api", "walletTrades", input, "infinite"]);
    expect(o.meta).toEqual({ endpoint: "walletTrades", query: input, pageParam: "beforeAt" });
    expect(o.initialPageParam).toBeUndefined();
  });

  it("asks the first page with the input alone, later ones with the cursor and the older page's fields", async () => {
    const calls = stub(walletPages(2));
    await new QueryClient().fetchInfiniteQuery({ ...wallet(5), pages: 5 });
    expect(calls.map((c) => Object.fromEntries(c.url.searchParams))).toEqual([
      { chain: "evm:1", limit: "2", wallet: a },
      { chain: "evm:1", limit: "20", wallet: a, beforeAt: "1000", seen: "1000" },
      { chain: "evm:1", limit: "20", wallet: a, beforeAt: "999", seen: "999" },
    ]);
  });

  it("stops at maxPages however much the service still has", async () => {
    const calls = stub(walletPages(10));
    const o = wallet(3);
    const data = await new QueryClient().fetchInfiniteQuery({ ...o, pages: 10 });
    expect(calls).toHaveLength(3);
    expect(data.pages).toHaveLength(3);
    const more = { data: [1], meta: { asOf: 1, oldestAt: 5 } } as never;
    expect(o.getNextPageParam(more, Array(2), undefined, [])).toBe(5);
    expect(o.getNextPageParam(more, Array(3), undefined, [])).toBeUndefined();
  });

  it("puts the input and the cursor in the body of a POST endpoint", async () => {
    const calls = stub([
      { data: [1], meta: { hasMore: true, nextCursor: "c2" } },
      { data: [], meta: { hasMore: false, nextCursor: null } },
    ]);
    const o = pagedQuery({
      id: "tokenTradesByMakers",
      input: { chain: "evm:8453", address: A, pools: [A], makers: [A] },
      cursorField: "cursor",
      maxPages: 5,
      next: (last) => (last.meta.hasMore ? (last.meta.nextCursor ?? undefined) : undefined),
    });
    const input = { address: a, chain: "evm:8453", makers: [a], pools: [a] };
    expect(o.meta).toEqual({ endpoint: "tokenTradesByMakers", body: input, pageParam: "cursor" });
    await new QueryClient().fetchInfiniteQuery({ ...o, pages: 5 });
    expect(calls.map((c) => [c.method, c.url.search, c.body])).toEqual([
      ["POST", "", input],
      ["POST", "", { ...input, cursor: "c2" }],
    ]);
  });
});
