import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { STREAM_PATH, subscriptionKey } from "@/lib/api/stream";
import { type SimService, startSimService } from "@/lib/sim/service";
import { type RedisServer, startRedis } from "@/scripts/fleet/processes";
import { createFleetLiveness, type FleetLiveness } from "./fleet-liveness";
import { createRedisLink, linkUp, type RedisLink } from "./redis-link";
import { createStreamLeader, type StreamLeader } from "./stream-leader";
import { type StreamRelay, startStreamRelay } from "./stream-relay";

// The leader and the relays against a real redis-server and the embedded market: what a relay acknowledges to its
// gateway must be live upstream, so a trade made right after the acknowledgement reaches the gateway. Each instance
// reports its demand as its liveness controller would (the leader streams what the fleet's decision streams).

const KEY = "relay-test-key-0123456789abcdef";
const quiet = { warn: () => {}, info: () => {} };

let redis: RedisServer;
let sim: SimService;
const links: RedisLink[] = [];
const leaders: StreamLeader[] = [];
const relays: StreamRelay[] = [];
const reporters: FleetLiveness[] = [];
const sockets: WebSocket[] = [];

async function link(name: string): Promise<RedisLink> {
  const l = createRedisLink({ url: redis.url, logger: quiet, instanceId: name });
  links.push(l);
  await linkUp(l);
  return l;
}

const market = () => ({ streamUrl: sim.streamUrl, key: KEY });

type Token = { chain: string; address: string };
const BUDGET = { connections: 5, subscriptionsPerConnection: 20, trackedTokens: 50, pulseReserve: 4 };

async function instance(name: string, lead: boolean) {
  const l = await link(name);
  if (lead)
    leaders.push(createStreamLeader({ link: l, target: market, logger: quiet, limits: BUDGET, expectedInstances: 2 }));
  const relay = await startStreamRelay({ link: l, market, logger: quiet });
  relays.push(relay);
  const liveness = createFleetLiveness({ link: l, localBudget: BUDGET });
  reporters.push(liveness);
  /** The instance's demand, as its controller reports it every tick (one viewer per token). */
  let wanted: Token[] = [];
  const timer = setInterval(() => report(), 500);
  const report = () =>
    liveness.report(
      wanted.map((t) => ({
        key: subscriptionKey("trades", { chain: t.chain, address: t.address } as never),
        channel: "trades" as const,
        tracked: [`${t.chain}:${t.address}`],
        viewers: 1,
        params: { chain: t.chain, address: t.address } as never,
      })),
    );
  timers.push(timer);
  const handle = {
    relay,
    want(ts: Token[]) {
      wanted = ts;
      report();
    },
  };
  insts.push(handle);
  return handle;
}
const timers: NodeJS.Timeout[] = [];
const insts: Array<{ relay: StreamRelay; want(ts: Token[]): void }> = [];

interface Frame {
  type: string;
  id?: string;
  kind?: string;
  code?: string;
  data?: Array<{ txHash: string }>;
}

/** A gateway's side of the relay: the upstream protocol. */
async function gatewayConn(relay: StreamRelay) {
  const { streamUrl, key } = relay.target();
  const ws = new WebSocket(`${streamUrl}${STREAM_PATH}`);
  sockets.push(ws);
  const frames: Frame[] = [];
  const waiters: Array<() => void> = [];
  let closed: number | null = null;
  ws.on("message", (raw) => {
    frames.push(JSON.parse(String(raw)) as Frame);
    for (const w of waiters.splice(0)) w();
  });
  ws.on("close", (code) => {
    closed = code;
    for (const w of waiters.splice(0)) w();
  });
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  const until = async (what: string, check: () => boolean, ms = 10_000) => {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  };
  ws.send(JSON.stringify({ type: "auth", key }));
  await until("authed", () => frames.some((f) => f.type === "authed"));
  return {
    frames,
    until,
    closed: () => closed,
    subscribe(id: string, t: { chain: string; address: string }) {
      ws.send(
        JSON.stringify({ type: "subscribe", id, channel: "trades", params: { chain: t.chain, address: t.address } }),
      );
    },
    unsubscribe(id: string) {
      ws.send(JSON.stringify({ type: "unsubscribe", id }));
    },
    txs(id: string): Set<string> {
      const out = new Set<string>();
      for (const f of frames)
        if (f.type === "event" && f.id === id && f.kind === "trades")
          for (const row of f.data ?? []) out.add(row.txHash);
      return out;
    },
  };
}

async function trade(t: { chain: string; address: string }): Promise<string> {
  const r = await fetch(`${sim.baseUrl}/__control/scenario`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ action: "trade", chain: t.chain, address: t.address, side: "buy", usd: 250 }),
  });
  return ((await r.json()) as { data: { trade: { txHash: string } } }).data.trade.txHash;
}

function tokens(n: number) {
  return [...sim.core.index.tokens.values()]
    .filter((t) => t.txns > 0 && t.curvePool === null) // off any bonding curve: a control trade cannot meet a migration
    .sort((a, b) => b.txns - a.txns)
    .slice(0, n);
}

beforeAll(async () => {
  redis = await startRedis();
  sim = await startSimService({ key: KEY, seed: 7, warmupMs: 60_000 });
});
afterAll(async () => {
  for (const t of timers) clearInterval(t);
  for (const r of reporters) r.close();
  for (const s of sockets) s.terminate();
  for (const l of leaders) await l.close();
  for (const r of relays) await r.close();
  for (const l of links) await l.close();
  await sim?.close();
  await redis?.stop();
});

describe("stream relay", () => {
  it("acknowledges a subscription only once the leader holds it upstream: a trade right after the ack arrives", async () => {
    const ia = await instance("relay-a", true);
    const ib = await instance("relay-b", false);
    const [a, b] = [ia.relay, ib.relay];
    const [t1, t2] = tokens(2);
    const ga = await gatewayConn(a);
    const gb = await gatewayConn(b);
    ia.want([t1]);

    ga.subscribe("s1", t1);
    await ga.until("s1 acknowledged", () => ga.frames.some((f) => f.type === "subscribed" && f.id === "s1"));
    const tx1 = await trade(t1);
    await ga.until("the trade after the ack", () => ga.txs("s1").has(tx1));

    // Another instance asking for a resource the leader already holds is acknowledged and fed too.
    ib.want([t1, t2]);
    gb.subscribe("x1", t1);
    await gb.until("x1 acknowledged", () => gb.frames.some((f) => f.type === "subscribed" && f.id === "x1"));
    const tx2 = await trade(t1);
    await gb.until("the trade after the second ack", () => gb.txs("x1").has(tx2));
    await ga.until("the same trade on the first instance", () => ga.txs("s1").has(tx2));

    // A follower's own new resource: acknowledged once the leader holds it.
    gb.subscribe("x2", t2);
    await gb.until("x2 acknowledged", () => gb.frames.some((f) => f.type === "subscribed" && f.id === "x2"));
    const tx3 = await trade(t2);
    await gb.until("the trade after the follower's ack", () => gb.txs("x2").has(tx3));
    expect(ga.frames.filter((f) => f.type === "error")).toEqual([]);
    expect(gb.frames.filter((f) => f.type === "error")).toEqual([]);
  });

  it("closes the gateway connections whose resource the leader lost upstream; a new subscription is live again", async () => {
    const ib = insts[1] as (typeof insts)[number];
    const relay = ib.relay;
    const [t1, t2, t3] = tokens(3);
    ib.want([t1, t2, t3] as Token[]);
    const g = await gatewayConn(relay);
    g.subscribe("y1", t3);
    await g.until("y1 acknowledged", () => g.frames.some((f) => f.type === "subscribed" && f.id === "y1"));
    sim.setFaults({ streamDropAfterMs: 1 });
    try {
      await g.until("the gateway connection closed for a reconnect", () => g.closed() === 1012);
    } finally {
      sim.setFaults({ streamDropAfterMs: null });
    }
    const again = await gatewayConn(relay);
    again.subscribe("y2", t3);
    await again.until("y2 acknowledged", () => again.frames.some((f) => f.type === "subscribed" && f.id === "y2"));
    const tx = await trade(t3);
    await again.until("the trade after the new ack", () => again.txs("y2").has(tx));
  });

  it("keeps a dropped resource's gateway connection (the gateway demotes it); streaming it again after the gap reconnects it", async () => {
    const ib = insts[1] as (typeof insts)[number];
    const [t1, t2, t3, t4] = tokens(4) as Token[];
    ib.want([t1, t2, t3, t4]);
    const g = await gatewayConn(ib.relay);
    g.subscribe("z1", t4);
    await g.until("z1 acknowledged", () => g.frames.some((f) => f.type === "subscribed" && f.id === "z1"));
    const before = g.frames.length;
    // Nobody wants it any more: the leader drops it upstream; the connection stays (no events, no close).
    ib.want([t1, t2, t3]);
    await new Promise((r) => setTimeout(r, 3_000));
    expect(g.closed()).toBeNull();
    const quiet = g.frames.length;
    await new Promise((r) => setTimeout(r, 1_000));
    expect(g.frames.length).toBe(quiet);
    expect(quiet).toBeGreaterThanOrEqual(before);
    // Wanted again while the gateway still holds it: the events in between were missed, so it is reconnected.
    ib.want([t1, t2, t3, t4]);
    await g.until("the gateway connection closed for a reconnect", () => g.closed() === 1012);
  });
});
