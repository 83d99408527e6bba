import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { STREAM_LIMITS } from "@/lib/api/stream";
import { type Fleet, startFleet, until } from "./harness";

// Viewers on every instance watch more distinct tokens than the key may track: the market never sees the key pass
// its stream limits (its own per-key usage report), and every viewer still gets trades (streamed or polled).

let fleet: Fleet;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  fleet = await startFleet({ instances: 3, speed: 10 });
});
afterAll(async () => {
  for (const s of sockets) s.terminate();
  await fleet?.stop();
});

interface Viewer {
  ws: WebSocket;
  trades: Map<string, number>;
  errors: unknown[];
}

function open(url: string): Promise<Viewer> {
  const ws = new WebSocket(`${url.replace("http", "ws")}/api/stream`);
  sockets.push(ws);
  const viewer: Viewer = { ws, trades: new Map(), errors: [] };
  ws.on("message", (raw) => {
    const f = JSON.parse(String(raw)) as {
      type: string;
      id?: string;
      channel?: string;
      kind?: string;
      data?: unknown[];
    };
    if (f.type === "event" && f.channel === "trades" && f.kind === "trades" && f.id)
      viewer.trades.set(f.id, (viewer.trades.get(f.id) ?? 0) + (f.data?.length ?? 0));
    if (f.type === "error") viewer.errors.push(f);
  });
  return new Promise((resolve, reject) => {
    ws.once("open", () => resolve(viewer));
    ws.once("error", reject);
  });
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

    await until(
      "every viewer to get trades for each of its tokens",
      () => viewers.every((v) => v.trades.size === 20),
      60_000,
    );
    for (const v of viewers) expect(v.errors).toEqual([]);

    const usage = await fleet.usage();
    expect(usage.stream.peak.connections).toBeGreaterThan(0);
    expect(usage.stream.peak.connections).toBeLessThanOrEqual(STREAM_LIMITS.connections);
    expect(usage.stream.peak.tracked).toBeLessThanOrEqual(STREAM_LIMITS.trackedTokens);
    expect(usage.stream.peak.subscriptionsPerConnection).toBeLessThanOrEqual(STREAM_LIMITS.subscriptionsPerConnection);
    expect(usage.stream.refused).toEqual({});
  });
});
