import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { STREAM_LIMITS } from "@/lib/api/stream";
import { streamShare } from "@/lib/server/fleet/stream-share";
import { type Fleet, startFleet, until } from "./harness";

// Viewers on every instance watch more distinct tokens than the key may track: the market never sees the key pass
// its stream limits (its own per-key usage report), and every viewer still gets trades (streamed or polled).

let fleet: Fleet;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  // The market at wall-clock speed: a polled resource's first rows are those after its creation in market time,
  // which the gateway's poller places from the wall time since creation (a faster market clock would move that
  // floor past trades made right after the acknowledgement).
  fleet = await startFleet({ instances: 3 });
});
afterAll(async () => {
  for (const s of sockets) s.terminate();
  await fleet?.stop();
});

interface Viewer {
  ws: WebSocket;
  trades: Map<string, number>;
  txs: Set<string>;
  acked: Set<string>;
  /** The gateway's liveness mode of each subscription (ack, then mode frames). */
  modes: Map<string, string>;
  errors: unknown[];
}

/** A browser; `localAddress` (another loopback address) makes it another viewer for the per-address caps. */
function open(url: string, localAddress?: string): Promise<Viewer> {
  const ws = new WebSocket(`${url.replace("http", "ws")}/api/stream`, localAddress ? { localAddress } : {});
  sockets.push(ws);
  const viewer: Viewer = { ws, trades: new Map(), txs: new Set(), acked: new Set(), modes: new Map(), errors: [] };
  ws.on("message", (raw) => {
    const f = JSON.parse(String(raw)) as {
      type: string;
      id?: string;
      channel?: string;
      kind?: string;
      data?: Array<{ txHash: string }>;
      mode?: string;
      ids?: string[];
    };
    if (f.type === "subscribed" && f.id) {
      viewer.acked.add(f.id);
      if (f.mode) viewer.modes.set(f.id, f.mode);
    }
    if (f.type === "mode") for (const id of f.ids ?? []) viewer.modes.set(id, f.mode ?? "");
    if (f.type === "event" && f.channel === "trades" && f.kind === "trades" && f.id) {
      viewer.trades.set(f.id, (viewer.trades.get(f.id) ?? 0) + (f.data?.length ?? 0));
      for (const row of f.data ?? []) viewer.txs.add(row.txHash);
    }
    if (f.type === "error") viewer.errors.push(f);
  });
  return new Promise((resolve, reject) => {
    ws.once("open", () => resolve(viewer));
    ws.once("error", reject);
  });
}

/**
 * A $250 buy on `t` through the market's control API: its txHash, or null when the market refuses it because the
 * token's bonding curve just completed (migrating, 400 invalid_parameter): that token has no made trade to expect.
 */
async function tradeOn(t: { chain: string; address: string }): Promise<string | null> {
  const r = await fetch(`${fleet.sim.baseUrl}/__control/scenario`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ action: "trade", chain: t.chain, address: t.address, side: "buy", usd: 250 }),
  });
  const body = (await r.json()) as { data?: { trade: { txHash: string } }; error?: { message: string } };
  if (body.data) return body.data.trade.txHash;
  expect(body.error?.message).toMatch(/migrating/);
  return null;
}

describe("fleet stream budget", () => {
  it("never passes the key's stream limits upstream, and every viewer still gets trades", async () => {
    const busy = [...fleet.sim.core.index.tokens.values()]
      .filter((t) => t.txns > 0)
      .sort((a, b) => b.txns - a.txns)
      .slice(0, 60);
    expect(busy.length).toBe(60);
    // 20 distinct tokens per instance (a browser's subscription cap), 60 in all: more than the key's 50.
    const viewers = await Promise.all(fleet.instances.map((i) => open(i.url)));
    viewers.forEach((v, n) => {
      for (const t of busy.slice(n * 20, n * 20 + 20))
        v.ws.send(
          JSON.stringify({
            type: "subscribe",
            id: t.address,
            channel: "trades",
            params: { chain: t.chain, address: t.address },
          }),
        );
    });

    await until("every subscription acknowledged", () => viewers.every((v) => v.acked.size === 20), 30_000);
    // A trade on each of the 60 tokens now.
    const made = await Promise.all(busy.map(tradeOn));
    expect(made.filter((tx) => tx !== null).length).toBeGreaterThanOrEqual(55);
    // Streamed subscriptions get that very trade through the leader; every subscription, streamed or polled, gets
    // trades.
    const missing = () =>
      viewers.flatMap((v, n) =>
        busy.slice(n * 20, n * 20 + 20).flatMap((t, k) => {
          if (!v.trades.has(t.address)) return [`viewer ${n}: no trades on ${t.address} (${v.modes.get(t.address)})`];
          const tx = made[n * 20 + k];
          if (v.modes.get(t.address) === "stream" && tx && !v.txs.has(tx))
            return [`viewer ${n}: streamed ${t.address} without the trade made on it`];
          return [];
        }),
      );
    await until(
      "every viewer to get the new trade of each streamed token, and trades for every token",
      () => missing().length === 0,
      60_000,
    ).catch((e: Error) => {
      throw new Error(`${e.message}: ${missing().join("; ")}`);
    });
    for (const v of viewers) expect([...v.modes.values()].filter((m) => m === "stream").length).toBeGreaterThan(0);
    for (const v of viewers) expect(v.errors).toEqual([]);
    // One decision for the fleet: the key's 50 tracked tokens are all used, the other 10 polled.
    const streamedNow = () => viewers.flatMap((v) => [...v.modes.values()]).filter((m) => m === "stream").length;
    await until("50 streamed in all", () => streamedNow() === STREAM_LIMITS.trackedTokens, 20_000).catch((e: Error) => {
      throw new Error(`${e.message}: ${streamedNow()}`);
    });
    for (const v of viewers) v.ws.terminate();

    const usage = await fleet.usage();
    expect(usage.stream.peak.connections).toBeGreaterThan(0);
    expect(usage.stream.peak.connections).toBeLessThanOrEqual(STREAM_LIMITS.connections);
    expect(usage.stream.peak.tracked).toBeLessThanOrEqual(STREAM_LIMITS.trackedTokens);
    expect(usage.stream.peak.subscriptionsPerConnection).toBeLessThanOrEqual(STREAM_LIMITS.subscriptionsPerConnection);
    expect(usage.stream.refused).toEqual({});
  });

  it("pools the stream slots: viewers on one instance get 40 tokens streamed, past the instance's 1/3 share", async () => {
    const share = streamShare({ ...STREAM_LIMITS, pulseReserve: 0 }, fleet.instances.length);
    const tokens = [...fleet.sim.core.index.tokens.values()]
      .filter((t) => t.txns > 0)
      .sort((a, b) => b.txns - a.txns)
      .slice(60, 100);
    expect(tokens.length).toBe(40);
    // One instance, two viewers (two addresses) of 20 tokens each; the other instances have no viewers.
    const first = fleet.instances[0] as (typeof fleet.instances)[number];
    const tabs = [await open(first.url, "127.0.0.2"), await open(first.url, "127.0.0.3")];
    tokens.forEach((t, i) =>
      (tabs[Math.floor(i / 20)] as Viewer).ws.send(
        JSON.stringify({
          type: "subscribe",
          id: t.address,
          channel: "trades",
          params: { chain: t.chain, address: t.address },
        }),
      ),
    );
    const streamed = () => tabs.flatMap((v) => [...v.modes.values()]).filter((m) => m === "stream").length;
    await until("all 40 streamed", () => streamed() === 40, 30_000).catch((e: Error) => {
      throw new Error(`${e.message}: ${streamed()} streamed`);
    });
    expect(streamed()).toBeGreaterThan(share.trackedTokens);
    // Each of the 40 gets a trade made on it through the stream.
    const made = await Promise.all(tokens.map(tradeOn));
    expect(made.filter((tx) => tx !== null).length).toBeGreaterThanOrEqual(36);
    const missing = () =>
      tokens.filter((_t, i) => {
        const tx = made[i];
        const tab = tabs[Math.floor(i / 20)] as Viewer;
        return tx !== null && tx !== undefined && !tab.txs.has(tx);
      });
    await until("the made trade on every streamed token", () => missing().length === 0, 30_000).catch((e: Error) => {
      throw new Error(`${e.message}: ${missing().length} missing`);
    });
    expect(streamed()).toBe(40);
    for (const v of tabs) expect(v.errors).toEqual([]);
    const usage = await fleet.usage();
    expect(usage.stream.peak.connections).toBeLessThanOrEqual(STREAM_LIMITS.connections);
    expect(usage.stream.peak.tracked).toBeLessThanOrEqual(STREAM_LIMITS.trackedTokens);
    expect(usage.stream.peak.subscriptionsPerConnection).toBeLessThanOrEqual(STREAM_LIMITS.subscriptionsPerConnection);
    expect(usage.stream.refused).toEqual({});
  });
});
