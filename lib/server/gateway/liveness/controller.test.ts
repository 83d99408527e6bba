import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { WebSocket } from "ws";
import { type LivenessMode, type TokenTrade, tradeKey } from "@/lib/api";
import { type SimService, startSimService } from "@/lib/sim/service";
import { createTestProxy, type TestProxy } from "../../testing/test-state";
import { createStreamGateway, type StreamGateway, type StreamGatewayOptions } from "../index";
import { type Frame, TestBrowser, until } from "../testing/harness";
import type { ReportedDemand, SharedLiveness } from "./controller";
import { createRestCaller } from "./rest-caller";

// Tiered liveness on the real embedded market: REST and stream over real sockets, wall clock, trades made through
// the control API. Delays here are generous bounds (the benchmark measures them); what is asserted exactly is that
// every subscription is acknowledged, every trade arrives once, and the key's budget is never exceeded.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 });

const KEY = "liveness-test-key-3c1f9a";
let sim: SimService;
let tp: TestProxy;
let gw: StreamGateway | undefined;
let http: Server | undefined;
const browsers: TestBrowser[] = [];

interface Tok {
  chain: string;
  address: string;
  pool: string;
  /** Set on the launches the test graduates (unix ms): young enough that every trade of theirs is in their 24h figures. */
  createdAt?: number;
}
let tokens: Tok[] = [];
/** The pool each trade the test made landed on, by trade key. */
const tradePools = new Map<string, string>();

/** A refusal of the control API, with its status and error body. */
class ControlError extends Error {
  constructor(
    path: string,
    readonly status: number,
    readonly body: { error?: { code?: string; param?: string } },
  ) {
    super(`control ${path}: ${status} ${JSON.stringify(body)}`);
  }
}

async function control<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${sim.baseUrl}/__control/${path}`, {
    method: body ? "POST" : "GET",
    headers: body ? { "content-type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { data: T; error?: { code?: string; param?: string } };
  if (!res.ok) throw new ControlError(path, res.status, json);
  return json.data;
}

async function rest<T>(path: string): Promise<T> {
  const res = await fetch(`${sim.baseUrl}${path}`, { headers: { authorization: KEY } });
  return ((await res.json()) as { data: T }).data;
}

/**
 * Distinct tokens across chains whose pool stays put while the test runs: tokens already on a DEX pool, then launches
 * the test graduates itself. (A launch left on its curve can be filled by the market's own traders mid-test and move
 * to a new pool, which a subscription naming the curve's pool rightly no longer sees.)
 */
async function pickTokens(n: number): Promise<Tok[]> {
  const out = new Map<string, Tok>();
  for (const q of "aeiounrstlcdmbk")
    for (const t of await rest<{ chain: string; address: string; pool: { address: string; type: string } }[]>(`/v1/search?q=${q}&limit=50`))
      if (t.pool.type !== "bonding-curve" && out.size < n) out.set(`${t.chain}:${t.address}`, { chain: t.chain, address: t.address, pool: t.pool.address });
  const chains = (await rest<{ chain: string }[]>("/v1/meta/chains")).map((c) => c.chain);
  const candidates = new Map<string, { chain: string; address: string }>();
  for (const view of ["new", "bonding"])
    for (let i = 0; i < chains.length; i += 8)
      for (const t of await rest<{ chain: string; address: string; migrated: boolean }[]>(`/v1/pulse?view=${view}&chains=${chains.slice(i, i + 8).join(",")}&limit=100`))
        if (!t.migrated) candidates.set(`${t.chain}:${t.address}`, { chain: t.chain, address: t.address });
  const launches = new Map<string, { chain: string; address: string }>();
  for (const [k, l] of candidates) {
    if (out.size + launches.size >= n) break;
    // The market's own traders can fill a listed curve between the listing and this call: the market then refuses
    // to graduate it ("not on an active bonding curve"), and that launch is passed over for the next one.
    try {
      await control("scenario", { action: "graduate", ...l });
      launches.set(k, l);
    } catch (err) {
      const refused =
        err instanceof ControlError &&
        err.status === 400 &&
        err.body.error?.code === "invalid_parameter" &&
        err.body.error.param === "address";
      if (!refused) throw err;
    }
  }
  // The market moves a completed curve to its DEX pool a few seconds later; its REST token names the pool once there.
  for (const [k, l] of launches)
    for (const deadline = Date.now() + 30_000; ; await new Promise((r) => setTimeout(r, 100))) {
      const d = await rest<{ pool: { address: string; type: string } | null; launchpad: { migrated: boolean } | null; createdAt: number }>(
        `/v1/token?chain=${l.chain}&address=${l.address}`,
      );
      if (d.launchpad?.migrated && d.pool && d.pool.type !== "bonding-curve") {
        out.set(k, { ...l, pool: d.pool.address, createdAt: d.createdAt });
        break;
      }
      if (Date.now() > deadline) throw new Error(`${k} still migrating after 30 s`);
    }
  return [...out.values()];
}

async function trade(t: Tok): Promise<string> {
  const made = await control<{ pool: string; trade: { txHash: string; block: number; logIndex: number } }>("scenario", {
    action: "trade",
    chain: t.chain,
    address: t.address,
    side: "buy",
    usd: 5,
  });
  tradePools.set(tradeKey(made.trade), made.pool);
  return tradeKey(made.trade);
}

async function usage(): Promise<{ stream: { now: { connections: number; subscriptionsPerConnection: number[]; tracked: number }; peak: { connections: number; subscriptionsPerConnection: number; tracked: number }; refused: Record<string, number> } }> {
  const all = await control<Record<string, never>>("usage");
  const mine = Object.entries(all).find(([k]) => k.startsWith(KEY.slice(0, 4)));
  if (!mine) throw new Error("no usage for the key");
  return mine[1];
}

async function startGateway(o: Partial<StreamGatewayOptions> = {}, liveness: Partial<NonNullable<StreamGatewayOptions["liveness"]>> = {}): Promise<string> {
  gw = createStreamGateway({
    upstream: { streamUrl: sim.streamUrl, key: KEY },
    registerUsage: false,
    log: { warn: () => {} },
    perIp: { exemptLoopback: true },
    ...o,
    liveness: { pollCreditsPerMinute: 6_000, rest: createRestCaller(() => tp.state.proxy), ...liveness },
  });
  http = createServer();
  const g = gw;
  http.on("upgrade", (req, socket, head) => g.handleUpgrade(req, socket, head));
  await new Promise<void>((r) => http?.listen(0, "127.0.0.1", r));
  return `ws://127.0.0.1:${(http.address() as AddressInfo).port}/api/stream`;
}

async function browser(url: string): Promise<TestBrowser> {
  const b = new TestBrowser(new WebSocket(url));
  browsers.push(b);
  await b.waitFor((f) => f.type === "authed");
  return b;
}

/** Rows of a browser's trade events for one id, as identity + preconfirmed state (a confirmation is a new state). */
function rowsOf(b: TestBrowser, id: string): { key: string; state: string; row: TokenTrade }[] {
  return b.frames
    .filter((f) => f.type === "event" && f.id === id && f.kind === "trades")
    .flatMap((f) => (f.data as TokenTrade[]).map((row) => ({ key: tradeKey(row), state: `${tradeKey(row)}/${row.preconfirmed}`, row })));
}

beforeAll(async () => {
  sim = await startSimService({ key: KEY, seed: 11, warmupMs: 3 * 60_000 });
  tp = createTestProxy({ baseUrl: sim.baseUrl, key: KEY }, { rateLimitPerSec: 0 });
  tokens = await pickTokens(60);
});

afterAll(async () => {
  await tp?.state.close();
  await sim?.close();
});

afterEach(async () => {
  for (const b of browsers.splice(0)) b.ws.terminate();
  await gw?.close();
  http?.closeAllConnections();
  await new Promise((r) => (http ? http.close(r) : r(null)));
  gw = undefined;
  http = undefined;
});

describe("tiered liveness on the embedded market", () => {
  it("acknowledges 60 distinct tokens (50 streamed, 10 polled) and delivers a fresh trade on each within its mode's delay", async () => {
    expect(tokens).toHaveLength(60);
    const url = await startGateway();
    const bs = [await browser(url), await browser(url), await browser(url)];
    tokens.forEach((t, i) => (bs[Math.floor(i / 20)] as TestBrowser).subscribe(`t${i}`, "trades", { chain: t.chain, address: t.address, pools: [t.pool] }));
    await until(() => bs.every((b) => b.of("subscribed").length === 20), "60 acknowledgements", 30_000);
    const acks = bs.flatMap((b) => b.of("subscribed"));
    expect(bs.flatMap((b) => b.of("error"))).toEqual([]);
    const modes = new Map(acks.map((a) => [a.id as string, a.mode as string]));
    expect([...modes.values()].filter((m) => m === "stream")).toHaveLength(50);
    expect([...modes.values()].filter((m) => m === "poll")).toHaveLength(10);
    for (const a of acks.filter((x) => x.mode === "poll")) expect(a.delayMs).toEqual(expect.any(Number));

    const made = await Promise.all(tokens.map((t) => trade(t)));
    const missing = () =>
      `a fresh trade on every token; missing: ${tokens
        .flatMap((t, i) => (arrived.has(i) ? [] : [`t${i} ${t.chain}:${t.address} on ${t.pool} (${modes.get(`t${i}`)}, trade ${made[i]} on ${tradePools.get(made[i] as string)})`]))
        .join("; ")}`;
    const started = Date.now();
    const arrived = new Map<number, number>();
    await until(() => {
      tokens.forEach((_, i) => {
        if (arrived.has(i)) return;
        const b = bs[Math.floor(i / 20)] as TestBrowser;
        if (rowsOf(b, `t${i}`).some((r) => r.key === made[i])) arrived.set(i, Date.now() - started);
      });
      return arrived.size === 60;
    }, missing, 30_000);
    // Streamed: pushed at once (well under the 1 s a poller waits at least); polled: within the cadence plus a fetch.
    for (const [i, ms] of arrived) expect(ms).toBeLessThan(modes.get(`t${i}`) === "stream" ? 5_000 : 10_000);
    for (const b of bs) for (let i = 0; i < 60; i++) {
      const rows = rowsOf(b, `t${i}`).map((r) => r.state);
      expect(new Set(rows).size).toBe(rows.length);
    }
    const u = await usage();
    expect(u.stream.peak.connections).toBeLessThanOrEqual(5);
    expect(u.stream.peak.subscriptionsPerConnection).toBeLessThanOrEqual(20);
    expect(u.stream.peak.tracked).toBeLessThanOrEqual(50);
    expect(u.stream.refused).toEqual({});
  });

  it("polls candles, token updates and a pulse view when nothing may stream, and they move with a trade", async () => {
    const url = await startGateway({ limits: { connections: 0, subscriptionsPerConnection: 20, trackedTokens: 50 } }, { pulseReserve: 0, pollTickMs: 50 });
    // The youngest launch: its 24h count only grows (an established token's rolling day loses old trades as it gains new
    // ones, so one more trade need not raise it).
    const t = tokens.filter((x) => x.createdAt !== undefined).sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0))[0] as Tok;
    expect(sim.core.clock.now() - (t.createdAt ?? 0)).toBeLessThan(20 * 3_600_000);
    const w = await browser(url);
    w.subscribe("c", "ohlcv", { chain: t.chain, address: t.address, pools: [t.pool], interval: "1h" });
    w.subscribe("u", "token-updates", { chain: t.chain, address: t.address });
    w.subscribe("p", "pulse", { view: "new", chains: ["solana"] });
    await until(() => w.of("subscribed").length === 3, "acks");
    expect(w.of("subscribed").map((f) => f.mode)).toEqual(["poll", "poll", "poll"]);
    const events = (id: string) => w.frames.filter((f) => f.type === "event" && f.id === id);
    await until(() => events("c").length > 0 && events("u").length > 0 && events("p").length > 0, "first polled state", 10_000);
    expect(events("p")[0]).toMatchObject({ channel: "pulse", kind: "snapshot" });
    const lastCandle = () => ((events("c").at(-1)?.data ?? []) as { time: number; volume: number }[]).at(-1) as { time: number; volume: number };
    const lastUpdate = () => events("u").at(-1)?.data as { txns24h: number };
    const before = { candle: lastCandle(), txns: lastUpdate().txns24h };
    await trade(t);
    // The hour's candle grows with the trade (or, should the hour turn meanwhile, the next hour's candle appears).
    const candleMoved = () => lastCandle().time > before.candle.time || lastCandle().volume > before.candle.volume;
    await until(() => candleMoved() && lastUpdate().txns24h > before.txns, "candle and update after the trade", 10_000);
    const u = await usage();
    expect(u.stream.now.connections).toBe(0);
  });

  it("polls a streamed token while the upstream stream is down, and streams it again once it is back, losing nothing", async () => {
    const url = await startGateway({ backoff: { baseMs: 100, maxMs: 400 } }, { tickMs: 200, pollTickMs: 50, scheduler: { minDwellMs: 0 } });
    const t = tokens[7] as Tok;
    const w = await browser(url);
    w.subscribe("t", "trades", { chain: t.chain, address: t.address, pools: [t.pool] });
    await until(() => w.of("subscribed").length === 1, "ack");
    expect(w.of("subscribed")[0]?.mode).toBe("stream");
    const made = [await trade(t)];
    sim.setFaults({ streamDropAfterMs: 1 }); // every upstream connection is cut, and stays cut
    try {
      await w.waitFor((f) => f.type === "mode" && f.mode === "poll", "demoted by the outage", 10_000);
      made.push(await trade(t), await trade(t));
      await until(() => made.every((k) => rowsOf(w, "t").some((r) => r.key === k)), "trades during the outage", 15_000);
    } finally {
      sim.setFaults({ streamDropAfterMs: null });
    }
    await w.waitFor((f) => f.type === "mode" && f.mode === "stream", "streamed again", 20_000);
    made.push(await trade(t));
    await until(() => made.every((k) => rowsOf(w, "t").some((r) => r.key === k)), "every trade", 15_000);
    const states = rowsOf(w, "t").map((r) => r.state);
    expect(new Set(states).size).toBe(states.length);
    expect(w.of("error")).toEqual([]);
  });

  it("promotes and demotes as viewers move between tokens; the trades of both arrive once each, as on REST", async () => {
    const budget = { connections: 1, subscriptionsPerConnection: 20, trackedTokens: 2 };
    const url = await startGateway({ limits: budget }, { tickMs: 200, pollTickMs: 50, scheduler: { minDwellMs: 500, halfLifeMs: 300, hysteresis: 0.25 } });
    const [a, b, c] = tokens as [Tok, Tok, Tok];
    const sub = (t: Tok) => ({ chain: t.chain, address: t.address, pools: [t.pool] });
    const watcher = await browser(url); // one viewer on each token from start to end
    watcher.subscribe("a", "trades", sub(a));
    watcher.subscribe("b", "trades", sub(b));
    watcher.subscribe("c", "trades", sub(c));
    await until(() => watcher.of("subscribed").length === 3, "acks");
    expect(watcher.of("subscribed").map((f) => [f.id, f.mode]).sort()).toEqual([["a", "stream"], ["b", "stream"], ["c", "poll"]]);

    const crowd = await Promise.all(Array.from({ length: 4 }, () => browser(url)));
    const made: string[] = [];
    const makeTrades = async (rounds: number) => {
      for (let i = 0; i < rounds; i++) {
        made.push(await trade(a), await trade(b), await trade(c));
        await new Promise((r) => setTimeout(r, 150));
      }
    };
    await makeTrades(3);
    crowd.forEach((x, i) => x.subscribe(`c${i}`, "trades", sub(c))); // the crowd moves onto c
    const promoted = (f: Frame) => f.type === "mode" && (f.ids as string[]).includes("c") && f.mode === "stream";
    await Promise.all([makeTrades(6), watcher.waitFor(promoted, "c promoted", 10_000)]);
    const demoted = watcher.frames.find((f) => f.type === "mode" && f.mode === "poll");
    expect(demoted?.ids).toEqual([expect.stringMatching(/^[ab]$/)]);
    const back = ((demoted?.ids ?? []) as string[])[0] as "a" | "b";
    crowd.forEach((x, i) => x.send({ type: "unsubscribe", id: `c${i}` }));
    crowd.forEach((x, i) => x.subscribe(`m${i}`, "trades", sub(back === "a" ? a : b))); // and onto the demoted one
    const repromoted = (f: Frame) => f.type === "mode" && (f.ids as string[]).includes(back) && f.mode === "stream";
    await Promise.all([makeTrades(6), watcher.waitFor(repromoted, `${back} promoted again`, 10_000)]);
    await makeTrades(3);
    // Everything made arrives; nothing arrives twice (a Base-style confirmation would be a second state, not a repeat).
    await until(() => made.every((k) => ["a", "b", "c"].some((id) => rowsOf(watcher, id).some((r) => r.key === k))), "every trade made", 15_000);
    for (const id of ["a", "b", "c"]) {
      const states = rowsOf(watcher, id).map((r) => r.state);
      expect(new Set(states).size).toBe(states.length);
    }
    // As REST has it: every tape row since the first acknowledgement reached the watcher.
    for (const [id, t] of [["a", a], ["b", b], ["c", c]] as const) {
      const since = Math.min(...rowsOf(watcher, id).map((r) => r.row.at));
      const tape = await rest<TokenTrade[]>(`/v1/token/trades?chain=${t.chain}&address=${t.address}&pools=${t.pool}&limit=200`);
      const got = new Set(rowsOf(watcher, id).map((r) => r.key));
      const missing = tape.filter((r) => r.at >= since && !got.has(tradeKey(r)));
      await until(() => missing.every((r) => rowsOf(watcher, id).some((x) => x.key === tradeKey(r))), `REST rows of ${id}`, 10_000);
    }
    expect(gw?.stats().promotions).toBeGreaterThanOrEqual(2);
    expect(gw?.stats().demotions).toBeGreaterThanOrEqual(2);
    const u = await usage();
    expect(u.stream.now.tracked).toBeLessThanOrEqual(budget.trackedTokens);
    expect(u.stream.refused).toEqual({});
  });

  it("follows a fleet's decision past its own share while there is one, and decides alone on its share without", async () => {
    const reports: ReportedDemand[][] = [];
    let decided: Map<string, LivenessMode> | null = null;
    const fleet: SharedLiveness = {
      localBudget: { connections: 1, subscriptionsPerConnection: 2, trackedTokens: 2, pulseReserve: 0 },
      report: (d) => void reports.push([...d]),
      modes: () => decided,
    };
    const url = await startGateway({}, { fleet, pulseReserve: 0, tickMs: 100, scheduler: { minDwellMs: 0 } });
    const w = await browser(url);
    const four = tokens.slice(10, 14);
    four.forEach((t, i) => w.subscribe(`f${i}`, "trades", { chain: t.chain, address: t.address, pools: [t.pool] }));
    await until(() => w.of("subscribed").length === 4, "acks");
    // No fleet decision: its own share (2 tracked tokens) streams two, polls two.
    expect(w.of("subscribed").filter((f) => f.mode === "stream")).toHaveLength(2);
    await until(() => (reports.at(-1) ?? []).filter((r) => r.viewers === 1).length === 4, "the demand reported with params");
    expect(reports.at(-1)?.[0]).toMatchObject({ channel: "trades", params: { chain: expect.any(String) } });
    const modeOf = () => {
      const m = new Map<string, string>(w.of("subscribed").map((f) => [f.id as string, f.mode as string]));
      for (const f of w.of("mode")) for (const id of f.ids as string[]) m.set(id, f.mode as string);
      return m;
    };
    // The fleet streams all four: the two polled ones are promoted beyond the share.
    decided = new Map(reports.at(-1)?.map((r) => [r.key, "stream" as const]));
    await until(() => [...modeOf().values()].every((m) => m === "stream"), "all four streamed", 10_000);
    const made = await trade(four[3] as Tok);
    await until(() => rowsOf(w, "f3").some((r) => r.key === made), "a trade on a token streamed past the share");
    // The decision goes (Redis away): back to the share, two polled.
    decided = null;
    await until(() => [...modeOf().values()].filter((m) => m === "poll").length === 2, "two demoted to the share", 10_000);
  });
});
