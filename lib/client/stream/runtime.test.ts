import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { ApiError, type EndpointId, type Envelope, type TokenTrade, tradeKey } from "@/lib/api";
import type { ApiFetcher, FetchInput } from "../api-fetch";
import { tokenOptions, tokenTradesInfiniteOptions } from "../queries";
import { manualOnline } from "./online";
import { MAX_REPAIR_PAGES, REPAIR_PAGE_LIMIT } from "./repair";
import { createStreamRuntime, type StreamRuntime } from "./runtime";
import { createManualScheduler } from "./scheduler";
import { type FakeGateway, startFakeGateway, waitFor } from "./testing/fake-gateway";
import { pulseToken, tokenUpdateFrame, trade, tradesFrame } from "./testing/fixtures";

const TOKEN = "0x00000000000000000000000000000000000000aa";
const POOL = "0x00000000000000000000000000000000000000bb";
const T0 = 1_700_000_000_000;
const row = (i: number): TokenTrade =>
  trade({ txHash: `0x${i.toString(16).padStart(6, "0")}`, block: 1000 + i, logIndex: 0, at: T0 + i * 1000 });

/** An in-memory REST tape (newest first, cursor = offset) plus pulse; counts calls. */
/** The market answers on its own clock, 1e6 ms ahead of the local one (as a sped-up simulated market does). */
function fakeRest(tape: () => TokenTrade[], asOf: () => number = () => clock + 1e6) {
  const calls: Array<{ id: EndpointId; input?: FetchInput<EndpointId> }> = [];
  let failing = false;
  const fetcher = (async (id: EndpointId, input?: FetchInput<EndpointId>) => {
    calls.push({ id, input });
    if (failing) throw new ApiError("network_error", "offline", { status: 0 });
    const q = (input?.query ?? {}) as Record<string, unknown>;
    if (id === "tokenTrades") {
      const all = [...tape()].sort((a, b) => b.at - a.at);
      const from = Number(q.cursor ?? 0);
      const limit = Number(q.limit ?? 100);
      const data = all.slice(from, from + limit);
      const hasMore = from + limit < all.length;
      return { data, meta: { asOf: asOf(), hasMore, nextCursor: hasMore ? String(from + limit) : null } };
    }
    if (id === "pulse")
      return { data: [pulseToken({ address: POOL, createdAt: 9 })], meta: { asOf: T0 + 5e5, view: q.view } };
    throw new Error(`unexpected ${id}`);
  }) as unknown as ApiFetcher;
  return { fetcher, calls, fail: (on: boolean) => (failing = on) };
}

let gw: FakeGateway;
let rt: StreamRuntime;
let scheduler: ReturnType<typeof createManualScheduler>;
let qc: QueryClient;

let clock = T0;
function start(fetcher: ApiFetcher) {
  scheduler = createManualScheduler();
  qc = new QueryClient();
  rt = createStreamRuntime({
    queryClient: qc,
    url: gw.url,
    WebSocket,
    scheduler,
    fetcher,
    releaseDelayMs: 0,
    repairRetryMs: 1,
    freshRetryDelaysMs: [1, 1, 1],
    resumeEventWaitMs: 20,
    now: () => clock,
    client: { online: manualOnline(true), minDelayMs: 5, maxDelayMs: 30 },
  });
  return rt;
}
const subs = () => gw.received.filter((f) => f.type === "subscribe");
const sendTrades = (id: string, rows: TokenTrade[]) => gw.broadcast(tradesFrame(id, rows, clock + 1e6));
const flushThen = (cond: () => boolean) => {
  scheduler.flush();
  return cond();
};
const tapeOf = (key: string) => rt.store.getState().tapes[key]?.rows ?? [];
/** Subscribes to the token's trades and streams `rows` as the first frame; resolves with the tape's key once they show. */
async function streamedTape(rows: TokenTrade[]): Promise<string> {
  const { key } = rt.acquire("trades", { chain: "evm:8453", address: TOKEN, pools: [POOL] });
  await waitFor(() => subs().length === 1);
  sendTrades("s1", rows);
  const count = rows.length;
  await waitFor(() => flushThen(() => tapeOf(key).length === count));
  return key;
}

beforeEach(async () => {
  clock = T0;
  gw = await startFakeGateway();
});
afterEach(async () => {
  rt?.dispose();
  await gw.close();
});

describe("stream runtime", () => {
  it("shares one stream subscription per key and drops it with the last holder", async () => {
    start(fakeRest(() => []).fetcher);
    const a = rt.acquire("trades", { chain: "evm:8453", address: TOKEN, pools: [POOL] });
    const b = rt.acquire("trades", {
      chain: "evm:8453",
      address: TOKEN.toUpperCase().replace("0X", "0x"),
      pools: [POOL],
    });
    expect(a.key).toBe(b.key);
    await waitFor(() => subs().length === 1);
    a.release();
    b.release();
    await waitFor(() => gw.received.some((f) => f.type === "unsubscribe"));
    expect(rt.store.getState().tapes[a.key]).toBeUndefined();
  });

  it("after a reconnect, replays from the newest row and repairs the gap from REST: nothing lost, nothing doubled", async () => {
    const server: TokenTrade[] = [];
    const rest = fakeRest(() => server);
    start(rest.fetcher);
    const { key } = rt.acquire("trades", { chain: "evm:8453", address: TOKEN, pools: [POOL] });
    await waitFor(() => subs().length === 1);
    for (let i = 1; i <= 5; i++) server.push(row(i));
    sendTrades("s1", server.slice(0, 5));
    await waitFor(() => flushThen(() => tapeOf(key).length === 5));
    gw.dropAll();
    for (let i = 6; i <= 8; i++) server.push(row(i)); // traded while we were away
    await waitFor(() => subs().length === 2, 3000, "resubscribe");
    expect(subs()[1]).toMatchObject({ id: "s1", sinceAt: row(5).at });
    sendTrades("s1", [row(8), row(9)]); // the gateway's replay overlaps the repair
    server.push(row(9));
    await rt.idle();
    await waitFor(() => flushThen(() => tapeOf(key).length === 9));
    expect(tapeOf(key).map(tradeKey)).toEqual(server.map(tradeKey).reverse());
    expect(rest.calls.filter((c) => c.id === "tokenTrades")).toHaveLength(1);
  });

  it("resubscribes a tape still without rows from when it went live, so a trade made while away is replayed", async () => {
    // No REST snapshot holding every trade (none here; a maker-filtered tape has only a filtered one) and no live row
    // yet: before, the resubscription asked for no replay and a trade made while the socket changed hands was lost.
    const server: TokenTrade[] = [];
    start(fakeRest(() => server).fetcher);
    const { key } = rt.acquire("trades", { chain: "evm:8453", address: TOKEN, pools: [POOL] });
    await waitFor(() => subs().length === 1);
    expect(subs()[0].sinceAt).toBeUndefined();
    await waitFor(() => [...rt.client.subscriptions().values()].some((s) => s.state === "active"), 3000, "the ack");
    const ackedAt = clock; // the store has seen no market time yet: its clock is the local one
    clock += 5_000;
    gw.dropAll();
    server.push({ ...row(1), at: ackedAt + 2_000 }); // traded while away
    await waitFor(() => subs().length === 2, 3000, "resubscribe");
    expect(subs()[1].sinceAt).toBe(ackedAt - 1_000);
    sendTrades("s1", server); // the gateway's replay from there
    await rt.idle();
    await waitFor(() => flushThen(() => tapeOf(key).length === 1));
    expect(tapeOf(key).map(tradeKey)).toEqual(server.map(tradeKey));
  });

  it("resubscribes from the oldest row awaiting confirmation, so a confirmation made meanwhile is replayed", async () => {
    // seconds old on the market's clock (1e6 ms ahead here), so the pending row is within its confirmation time
    const recent = (i: number) => ({ ...row(i), at: clock + 1e6 - 10_000 + i * 1_000 });
    const server = [recent(1), recent(2), recent(3)];
    start(fakeRest(() => server).fetcher);
    const key = await streamedTape([recent(1), { ...recent(2), preconfirmed: true }, recent(3)]);
    gw.dropAll(); // row 2 is confirmed while the browser is away
    await waitFor(() => subs().length === 2, 3000, "resubscribe");
    expect(subs()[1]).toMatchObject({ id: "s1", sinceAt: recent(2).at });
    sendTrades("s1", [recent(2), recent(3)]); // the gateway's replay from there: row 2 confirmed in place
    await rt.idle();
    await waitFor(() => flushThen(() => tapeOf(key).length === 3 && tapeOf(key).every((r) => !r.preconfirmed)));
  });

  it("cuts the ring below the repaired part when the gap is longer than the repair budget", async () => {
    const server: TokenTrade[] = [row(1), row(2)];
    start(fakeRest(() => server).fetcher);
    const key = await streamedTape(server);
    gw.dropAll();
    const gap = REPAIR_PAGE_LIMIT * MAX_REPAIR_PAGES + 50;
    for (let i = 3; i < 3 + gap; i++) server.push(row(i));
    await waitFor(() => subs().length === 2);
    await rt.idle();
    const rows = tapeOf(key);
    expect(rows.some((r) => r.txHash === row(2).txHash)).toBe(false); // the pre-gap rows are gone, not shown with a hole
    // What remains is contiguous: every server row between the oldest kept and the newest is present.
    const keep = new Set(rows.map(tradeKey));
    const span = server.filter((r) => r.at >= rows[rows.length - 1].at);
    expect(span.every((r) => keep.has(tradeKey(r)))).toBe(true);
  });

  it("when repair keeps failing, drops the rows before the gap rather than show a hole", async () => {
    const server: TokenTrade[] = [row(1), row(2)];
    const rest = fakeRest(() => server);
    start(rest.fetcher);
    const key = await streamedTape(server);
    rest.fail(true);
    gw.dropAll();
    await waitFor(() => subs().length === 2);
    await rt.idle();
    expect(tapeOf(key)).toEqual([]);
    sendTrades("s1", [row(7)]);
    await waitFor(() => flushThen(() => tapeOf(key).length === 1));
  });

  it("a resync repairs the tape gap even when post-gap rows arrived before it", async () => {
    const server: TokenTrade[] = [1, 2, 3, 4, 5].map(row);
    const rest = fakeRest(() => server);
    start(rest.fetcher);
    const key = await streamedTape(server);
    const last = REPAIR_PAGE_LIMIT + 51; // a gap longer than one repair page
    clock += 10_000; // the gateway's upstream is down; rows 6..last-1 happen meanwhile
    for (let i = 6; i < last; i++) server.push(row(i));
    sendTrades("s1", [row(last)]); // restored: a post-gap row reaches us before the resync frame
    server.push(row(last));
    await waitFor(() => flushThen(() => tapeOf(key).length === 6));
    gw.broadcast({ type: "resync", ids: ["s1"], reason: "upstream_reconnected" });
    await waitFor(() => rest.calls.some((c) => c.id === "tokenTrades"));
    await rt.idle();
    expect(tapeOf(key).map(tradeKey)).toEqual(server.map(tradeKey).reverse());
    expect(rest.calls.filter((c) => c.id === "tokenTrades")).toHaveLength(2);
  });

  it("asks again while the proxy serves a tape page older than the resume point", async () => {
    const server: TokenTrade[] = [1, 2].map(row);
    let answers = 0;
    // The first two answers are a cached copy from before the drop; the third is fresh.
    const rest = fakeRest(
      () => (answers < 2 ? server.slice(0, 2) : server),
      () => (++answers < 3 ? T0 : clock + 1e6),
    );
    start(rest.fetcher);
    const key = await streamedTape(server);
    gw.dropAll();
    server.push(row(3), row(4));
    await waitFor(() => subs().length === 2);
    await rt.idle();
    expect(tapeOf(key).map(tradeKey)).toEqual([4, 3, 2, 1].map((i) => tradeKey(row(i))));
    const repairs = rest.calls.filter((c) => c.id === "tokenTrades");
    expect(repairs).toHaveLength(3);
    // each ask tells the proxy how new the answer must be: as new as the live flow's resume (server clock)
    for (const c of repairs) expect(c.input?.minAsOf).toBeGreaterThan(T0);
  });

  it("when REST stays older than the resume point, shows only what is whole", async () => {
    const server: TokenTrade[] = [1, 2].map(row);
    const rest = fakeRest(
      () => server.slice(0, 2),
      () => T0,
    );
    start(rest.fetcher);
    const key = await streamedTape(server);
    gw.dropAll();
    await waitFor(() => subs().length === 2);
    await rt.idle();
    expect(tapeOf(key)).toEqual([]);
  });

  describe("joining the REST snapshot the tape shows to the live flow", () => {
    const params = { chain: "evm:8453" as const, address: TOKEN, pools: [POOL] };
    /** The page a server render fetched: rows `from`..`to`, taken at market time `asOf`. */
    function seedSnapshot(from: number, to: number, asOf: number, filters = {}) {
      const data = [];
      for (let i = to; i >= from; i--) data.push(row(i));
      qc.setQueryData(tokenTradesInfiniteOptions({ ...params, filters }).queryKey, {
        pages: [{ data, meta: { asOf, hasMore: false, nextCursor: null } }],
        pageParams: [undefined],
      });
    }

    it("a trade between the snapshot and the ack is fetched once, on a token with no later trade", async () => {
      const server: TokenTrade[] = [1, 2, 3].map(row);
      const rest = fakeRest(() => server);
      start(rest.fetcher);
      seedSnapshot(1, 3, clock + 1e6 - 5_000);
      server.push(row(4)); // traded while the page hydrated; the token then goes quiet
      const { key } = rt.acquire("trades", params);
      await waitFor(() => subs().length === 1);
      expect(subs()[0]).toMatchObject({ sinceAt: row(3).at }); // the gateway may replay from the snapshot
      await waitFor(() => rest.calls.some((c) => c.id === "tokenTrades"));
      await rt.idle();
      scheduler.flush();
      expect(tapeOf(key).map(tradeKey)).toContain(tradeKey(row(4)));
      expect(rest.calls.filter((c) => c.id === "tokenTrades")).toHaveLength(1);
    });

    it("a trade between the snapshot and the ack reaches the tape when live rows came first", async () => {
      const server: TokenTrade[] = [1, 2, 3].map(row);
      const rest = fakeRest(() => server);
      let ringKey = "";
      // The join's REST answer lands once the first live row is on the tape (a frame has been drawn since).
      const slow = (async (...a: Parameters<typeof rest.fetcher>) => {
        await waitFor(() => {
          scheduler.flush();
          return tapeOf(ringKey).length > 0;
        });
        return rest.fetcher(...a);
      }) as typeof rest.fetcher;
      start(slow);
      seedSnapshot(1, 3, clock + 1e6 - 5_000);
      server.push(row(4)); // traded while the page hydrated
      const { key } = rt.acquire("trades", params);
      ringKey = key;
      await waitFor(() => subs().length === 1);
      server.push(row(5));
      sendTrades("s1", [row(5)]); // the first live row, before the join's REST answer
      await waitFor(() => rest.calls.some((c) => c.id === "tokenTrades"));
      await rt.idle();
      scheduler.flush();
      expect(tapeOf(key).map(tradeKey)).toEqual([5, 4, 3, 2, 1].map((i) => tradeKey(row(i))));
    });

    it("a hole the tape sees waits for a pending join, and is refetched once the join has given up", async () => {
      const server: TokenTrade[] = [1, 2, 3].map(row);
      const rest = fakeRest(() => server);
      let release = () => {};
      let asked = false;
      const held = new Promise<void>((r) => (release = r));
      // The join's REST calls wait for the test, then fail (the network is gone).
      const failing = (async (...a: Parameters<typeof rest.fetcher>) => {
        asked = true;
        await held;
        rest.fail(true);
        return rest.fetcher(...a);
      }) as typeof rest.fetcher;
      start(failing);
      seedSnapshot(1, 3, clock + 1e6 - 5_000);
      rt.acquire("trades", params);
      await waitFor(() => subs().length === 1);
      await waitFor(() => asked);
      // The join fetches what a refetch would: asking now only says when to ask again.
      expect(rt.refreshTapeRest(params.chain, TOKEN)).toBeGreaterThan(0);
      release();
      await rt.idle();
      expect(rest.calls.filter((c) => c.id === "tokenTrades").length).toBeGreaterThan(0);
      // Given up: no join is pending any more, so the hole is refetched at once.
      expect(rt.refreshTapeRest(params.chain, TOKEN)).toBe(0);
    });

    it("asks again while the proxy still serves the snapshot itself", async () => {
      const server: TokenTrade[] = [1, 2, 3].map(row);
      const snapAt = clock + 1e6 - 5_000;
      let answers = 0;
      const rest = fakeRest(
        () => (answers < 1 ? server.slice(0, 3) : server),
        () => (++answers <= 1 ? snapAt : clock + 1e6),
      );
      start(rest.fetcher);
      seedSnapshot(1, 3, snapAt);
      server.push(row(4));
      const { key } = rt.acquire("trades", params);
      await waitFor(() => rest.calls.filter((c) => c.id === "tokenTrades").length === 2);
      await rt.idle();
      scheduler.flush();
      expect(tapeOf(key).map(tradeKey)).toContain(tradeKey(row(4)));
    });

    it("costs no REST call when the gateway's replay reaches back to the snapshot", async () => {
      const server: TokenTrade[] = [1, 2, 3, 4].map(row);
      const rest = fakeRest(() => server);
      start(rest.fetcher);
      seedSnapshot(1, 3, clock + 1e6 - 5_000);
      const { key } = rt.acquire("trades", params);
      await waitFor(() => subs().length === 1);
      sendTrades(String(subs()[0].id), [row(4), row(3)]); // replay: rows at or after the snapshot's newest
      await waitFor(() => flushThen(() => tapeOf(key).length === 2));
      await rt.idle();
      expect(rest.calls.filter((c) => c.id === "tokenTrades")).toHaveLength(0);
    });

    it("ignores filtered tapes (they do not hold every trade) and tapes of other pools", async () => {
      const rest = fakeRest(() => [1, 2, 3].map(row));
      start(rest.fetcher);
      seedSnapshot(1, 3, clock + 1e6 - 5_000, { type: "buy" });
      qc.setQueryData(
        tokenTradesInfiniteOptions({ ...params, pools: ["0x00000000000000000000000000000000000000cc"] }).queryKey,
        {
          pages: [{ data: [row(3)], meta: { asOf: clock, hasMore: false, nextCursor: null } }],
          pageParams: [undefined],
        },
      );
      rt.acquire("trades", params);
      await waitFor(() => subs().length === 1);
      expect(subs()[0].sinceAt).toBeUndefined();
      await new Promise((r) => setTimeout(r, 60)); // past the resume wait: a join would have fetched by now
      await rt.idle();
      expect(rest.calls).toHaveLength(0);
    });
  });

  it("a resync repairs a pulse list from REST as a snapshot", async () => {
    const rest = fakeRest(() => []);
    start(rest.fetcher);
    const { key } = rt.acquire("pulse", { view: "new", chains: ["evm:8453"] });
    await waitFor(() => subs().length === 1);
    gw.broadcast({ type: "resync", ids: ["s1"], reason: "upstream restored" });
    await waitFor(() => rest.calls.some((c) => c.id === "pulse"));
    await rt.idle();
    expect(rt.store.getState().pulse[key].items.map((t) => t.address)).toEqual([POOL]);
  });

  it("writes live token state into the token detail cache entry once per frame", async () => {
    start(fakeRest(() => []).fetcher);
    const opts = tokenOptions({ chain: "evm:8453", address: TOKEN });
    qc.setQueryData(opts.queryKey, {
      data: { chain: "evm:8453", address: TOKEN, priceUsd: 1, updatedAt: 1, launchpad: null },
      meta: { asOf: 1 },
    } as unknown as Envelope<"token">);
    rt.acquire("token-updates", { chain: "evm:8453", address: TOKEN });
    await waitFor(() => subs().length === 1);
    gw.broadcast(tokenUpdateFrame("s1", TOKEN, 2, 5));
    await waitFor(() => flushThen(() => qc.getQueryData(opts.queryKey)?.data.priceUsd === 2));
  });

  it("surfaces subscription errors in the store and invalid params without a round trip", async () => {
    start(fakeRest(() => []).fetcher);
    const { key } = rt.acquire("trades", { chain: "evm:8453", address: TOKEN });
    await waitFor(() => subs().length === 1);
    gw.broadcast({ type: "error", id: "s1", code: "limit_tracked", message: "50 tracked tokens at most", limit: 50 });
    await waitFor(() => rt.store.getState().subErrors[key]?.code === "limit_tracked");
    const bad = rt.acquire("pulse", { view: "old", chains: [] });
    expect(rt.store.getState().subErrors[bad.key]?.code).toBe("invalid_params");
  });
});
