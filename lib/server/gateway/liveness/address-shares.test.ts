import type { IncomingMessage } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { TestBrowser } from "../testing/harness";
import { until } from "../testing/harness";
import { modesOf, rowsOf, startTestMarket, type TestMarket, type Tok } from "./testing/market";

// Shares of the key's budget per client address, on the real embedded market: an address past its share is polled,
// never refused; one address's views cannot take the streamed slots another address's views hold; and the pollers
// spend no address more than its cap of the credits a minute. Delays are generous bounds, not measurements.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const KEY = "address-shares-test-key-7d21b4";
let m: TestMarket;
let tokens: Tok[] = [];

/** Each test browser names its client address in a header; the gateway reads it there (as server.ts reads TRUST_PROXY). */
const clientIp = (req: IncomingMessage) => String(req.headers["x-test-ip"] ?? req.socket.remoteAddress);
const from = (ip: string) => ({ "x-test-ip": ip });

beforeAll(async () => {
  m = await startTestMarket(KEY, 23);
  tokens = await m.pickTokens(100);
});

afterAll(async () => {
  await m?.close();
});

afterEach(async () => {
  await m.reset();
});

describe("address shares on the embedded market", () => {
  it("serves 100 viewers behind one address over 100 tokens: every one acknowledged, none refused, each gets its trade", async () => {
    expect(tokens).toHaveLength(100);
    const { gw, url } = await m.startGateway({ clientIp }, { addressShare: 0.2, pollTickMs: 100 });
    const viewers = await Promise.all(tokens.map(() => m.browser(url, from("203.0.113.7"))));
    // Half token-wide (the pollers find the token's pools), half restricted to one pool.
    viewers.forEach((b, i) => {
      const t = tokens[i] as Tok;
      b.subscribe("t", "trades", i % 2 === 0 ? { chain: t.chain, address: t.address } : { chain: t.chain, address: t.address, pools: [t.pool] });
    });
    await until(() => viewers.every((b) => b.of("subscribed").length === 1), "100 acknowledgements", 60_000);
    expect(viewers.flatMap((b) => b.of("error"))).toEqual([]);
    expect(viewers.every((b) => b.closed === null)).toBe(true);
    // The address's share of the 50 tracked tokens is 10: the rest of its views are polled.
    const streamed = viewers.filter((b) => modesOf(b).get("t") === "stream").length;
    expect(streamed).toBeLessThanOrEqual(10);
    expect(viewers.filter((b) => modesOf(b).get("t") === "poll").length).toBe(100 - streamed);

    const made = await Promise.all(tokens.map((t) => m.trade(t)));
    await until(() => viewers.every((b, i) => rowsOf(b, "t").some((r) => r.key === made[i])), "each viewer's trade", 60_000);
    for (const b of viewers) {
      const states = rowsOf(b, "t").map((r) => r.state);
      expect(new Set(states).size).toBe(states.length);
    }
    expect(viewers.flatMap((b) => b.of("error"))).toEqual([]);
    const u = await m.usage();
    expect(u.stream.peak.tracked).toBeLessThanOrEqual(50);
    expect(u.stream.refused).toEqual({});
    expect(gw.stats().limitRejections).toBe(0);
  });

  it("keeps another address's 5 token views streamed while one address subscribes 400 pulse views", async () => {
    const { gw, url } = await m.startGateway({ clientIp }, { addressShare: 0.2, tickMs: 200, scheduler: { minDwellMs: 0 } });
    const trader = await m.browser(url, from("198.51.100.20"));
    const five = tokens.slice(0, 5);
    five.forEach((t, i) => trader.subscribe(`t${i}`, "trades", { chain: t.chain, address: t.address, pools: [t.pool] }));
    await until(() => trader.of("subscribed").length === 5, "the trader's acknowledgements", 15_000);
    expect([...modesOf(trader).values()]).toEqual(["stream", "stream", "stream", "stream", "stream"]);

    // 400 distinct pulse views (view × a set of chains) from 20 sockets of one address.
    const chains = (await m.rest<{ chain: string }[]>("/v1/meta/chains")).map((c) => c.chain);
    const sets: string[][] = [...chains.map((c) => [c])];
    for (let i = 0; i < chains.length; i++) for (let j = i + 1; j < chains.length; j++) sets.push([chains[i] as string, chains[j] as string]);
    const views = ["new", "bonding", "graduated"].flatMap((view) => sets.map((set) => ({ view, chains: set }))).slice(0, 400);
    expect(views).toHaveLength(400);
    const spam: TestBrowser[] = await Promise.all(Array.from({ length: 20 }, () => m.browser(url, from("203.0.113.66"))));
    views.forEach((p, i) => (spam[i % 20] as TestBrowser).subscribe(`p${i}`, "pulse", p));
    await until(() => spam.every((b) => b.of("subscribed").length === 20), "400 pulse acknowledgements", 60_000);
    expect(spam.flatMap((b) => b.of("error"))).toEqual([]);
    // The address holds at most a fifth of the 96 slots outside the pulse reserve, now and after the scheduler has
    // run over the whole demand (a tick plans the polled views' cadence: planned credits appear).
    const spamStreamed = () => spam.flatMap((b) => [...modesOf(b).values()]).filter((x) => x === "stream").length;
    expect(spamStreamed()).toBeLessThanOrEqual(19);
    await until(() => (gw.stats().pollCreditsPerMinute ?? 0) > 0, "a scheduling round over the whole demand", 30_000);
    await until(() => (gw.stats().liveStreamed ?? 0) + (gw.stats().livePolled ?? 0) === 405, "every view has a mode", 30_000);
    expect(spamStreamed()).toBeLessThanOrEqual(19);
    expect(gw.stats().liveStreamed).toBeLessThanOrEqual(5 + 19);

    // The trader's views were never demoted, and a trade on each still arrives streamed.
    const made = await Promise.all(five.map((t) => m.trade(t)));
    await until(() => five.every((_, i) => rowsOf(trader, `t${i}`).some((r) => r.key === made[i])), "the trader's trades", 15_000);
    expect(trader.of("mode")).toEqual([]);
    expect([...modesOf(trader).values()]).toEqual(["stream", "stream", "stream", "stream", "stream"]);
    const u = await m.usage();
    expect(u.stream.peak.subscriptionsPerConnection).toBeLessThanOrEqual(20);
    expect(u.stream.refused).toEqual({});
  });

  it("spends no address more polling credits a minute than its cap, and a light address is not starved by a heavy one", async () => {
    // Nothing may stream: every view is polled, on a small poll budget so the caps bind.
    const budget = 600;
    const { gw, url } = await m.startGateway(
      { clientIp, limits: { connections: 0, subscriptionsPerConnection: 20, trackedTokens: 50 } },
      { addressShare: 0.2, pulseReserve: 0, pollCreditsPerMinute: budget, tickMs: 200, pollTickMs: 50 },
    );
    // The light address first: a cap set when another address arrives holds from then on (what was spent under the
    // earlier, higher one is not undone), so the order keeps every sample comparable with the cap it was taken under.
    const light = await m.browser(url, from("198.51.100.30"));
    const lightTokens = tokens.slice(80, 90);
    lightTokens.forEach((t, i) => light.subscribe(`t${i}`, "trades", { chain: t.chain, address: t.address, pools: [t.pool] }));
    await until(() => light.of("subscribed").length === 10, "the light address's acks", 30_000);
    const heavy = await Promise.all(Array.from({ length: 3 }, () => m.browser(url, from("203.0.113.90"))));
    // Heavy: 60 tokens × 2 candle intervals at 5 credits a poll (600 credits for one round); light: 10 tapes.
    tokens.slice(20, 80).forEach((t, i) => {
      const b = heavy[i % 3] as TestBrowser;
      for (const interval of ["1m", "5m"]) b.subscribe(`c${i}-${interval}`, "ohlcv", { chain: t.chain, address: t.address, pools: [t.pool], interval });
    });
    await until(() => heavy.every((b) => b.of("subscribed").length === 40) && light.of("subscribed").length === 10, "acks", 30_000);
    expect([...heavy, light].flatMap((b) => b.of("error"))).toEqual([]);

    // Sample the minute's spend per address while the first rounds run: never past its cap (one poll's cost of slack:
    // a poll starts while the address is under its cap).
    const samples: { address: string; spent: number; cap: number | null }[] = [];
    const made = await Promise.all(lightTokens.map((t) => m.trade(t)));
    const sampler = setInterval(() => {
      for (const f of gw.addressFigures()) samples.push({ address: f.address, spent: f.pollCreditsLastMinute, cap: f.pollCreditCap });
    }, 100);
    try {
      await until(() => lightTokens.every((_, i) => rowsOf(light, `t${i}`).some((r) => r.key === made[i])), "the light address's trades", 30_000);
      await until(() => (gw.stats().pollsDeferred ?? 0) > 0, "the heavy address's polls put off at its cap", 30_000);
    } finally {
      clearInterval(sampler);
    }
    const capped = samples.filter((s) => s.cap !== null);
    expect(capped.length).toBeGreaterThan(0);
    for (const s of capped) expect(s.spent).toBeLessThanOrEqual((s.cap as number) + 5);
    // Both want more than the budget: each is held to the fair level (half of it), above its guaranteed fifth.
    const heavyCaps = capped.filter((s) => s.address === "203.0.113.90").map((s) => s.cap as number);
    expect(Math.max(...heavyCaps)).toBeLessThanOrEqual(budget / 2 + 1e-6);
    expect(Math.min(...heavyCaps)).toBeGreaterThanOrEqual(budget * 0.2 - 1e-6);
    expect(gw.stats().pollCreditsLastMinute).toBeLessThanOrEqual(budget + 5);
    expect((gw.stats().pollCreditsOhlcv ?? 0) + (gw.stats().pollCreditsTrades ?? 0)).toBeGreaterThan(0);
  });
});
