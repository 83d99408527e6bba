import type { IncomingMessage } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type WalletTrade, walletTradeKey } from "@/lib/api";
import type { TestBrowser } from "../testing/harness";
import { until } from "../testing/harness";
import { DEFAULT_LADDER_MS } from "./cadence";
import { startTestMarket, type TestMarket, type Tok } from "./testing/market";

// The poll-only wallet-trades channel on the real embedded market: a followed wallet's scripted trade reaches its
// subscriber from §4.2 polls, nothing about it is ever asked of the market's stream, and the polls of one address's
// wallets stay within that address's credit cap. Delays are generous bounds, not measurements.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const KEY = "wallet-trades-test-key-5e90c2";
let m: TestMarket;
let tokens: Tok[] = [];

const clientIp = (req: IncomingMessage) => String(req.headers["x-test-ip"] ?? req.socket.remoteAddress);
const from = (ip: string) => ({ "x-test-ip": ip });
const evmWallet = (n: number) => `0x${(0xa11e7000 + n).toString(16).padStart(40, "0")}`;

function walletRows(b: TestBrowser, id: string): WalletTrade[] {
  return b.frames.filter((f) => f.type === "event" && f.id === id && f.channel === "wallet-trades" && f.kind === "trades").flatMap((f) => f.data as WalletTrade[]);
}

beforeAll(async () => {
  m = await startTestMarket(KEY, 41);
  tokens = (await m.pickTokens(30)).filter((t) => t.chain !== "solana");
});

afterAll(async () => {
  await m?.close();
});

afterEach(async () => {
  await m.reset();
});

describe("wallet trades through the gateway", () => {
  it("delivers a followed wallet's scripted trade, polled within its announced delay, and never subscribes it upstream", async () => {
    const { gw, url } = await m.startGateway({}, { pollTickMs: 100, tickMs: 200 });
    const b = await m.browser(url);
    const t = tokens[0] as Tok;
    const wallet = evmWallet(1);
    b.subscribe("w", "wallet-trades", { chain: t.chain, wallet });
    const ack = await b.waitFor((f) => f.type === "subscribed" && f.id === "w", "ack", 30_000);
    // Poll-only with the budget all free: the scheduler never streams it.
    expect(ack).toMatchObject({ channel: "wallet-trades", mode: "poll" });
    expect(typeof ack.delayMs).toBe("number");
    await until(() => (gw.stats().pollCreditsWalletTrades ?? 0) > 0, "a first poll", 30_000);

    const r = await m.control<{ trade: { txHash: string; block: number; logIndex: number; at: number } }>("scenario", {
      action: "trade", chain: t.chain, address: t.address, side: "buy", usd: 5, maker: wallet,
    });
    const key = walletTradeKey({ ...r.trade, tokenAddress: t.address, isBuy: true });
    await until(() => walletRows(b, "w").some((row) => walletTradeKey(row) === key), "the wallet's trade", 30_000);
    const rows = walletRows(b, "w");
    expect(new Set(rows.map(walletTradeKey)).size).toBe(rows.length);
    const got = rows.find((row) => walletTradeKey(row) === key) as WalletTrade;
    expect(got).toMatchObject({ tokenAddress: t.address, isBuy: true, txHash: r.trade.txHash });
    // The event's lag on the market's clock is within the slowest cadence the gateway could announce (+ its cache age).
    const ev = b.frames.find((f) => f.type === "event" && f.id === "w" && (f.data as WalletTrade[]).some((row) => walletTradeKey(row) === key));
    expect(ev).toBeDefined();
    expect((ev?.meta as { asOf: number } | undefined)?.asOf ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(got.at + Math.max(...DEFAULT_LADDER_MS) + 500);
    expect(b.of("error")).toEqual([]);
    expect(gw.stats().liveStreamed).toBe(0);
    const u = await m.usage();
    expect(u.stream.refused).toEqual({});
    expect(u.stream.now.subscriptionsPerConnection.reduce((a, n) => a + n, 0)).toBe(0);
    expect(u.stream.peak.subscriptionsPerConnection).toBe(0);
  });

  it("refuses bad params with an error frame, and shares one poll among browsers of the same wallet", async () => {
    const { gw, url } = await m.startGateway({}, { pollTickMs: 100, tickMs: 200 });
    const a = await m.browser(url);
    const c = await m.browser(url);
    a.subscribe("bad", "wallet-trades", { chain: "solana", wallet: evmWallet(2) });
    await a.waitFor((f) => f.type === "error" && f.id === "bad", "error", 10_000);
    expect(a.of("error")[0]).toMatchObject({ code: "invalid_params" });
    const t = tokens[1] as Tok;
    for (const b of [a, c]) b.subscribe("w", "wallet-trades", { chain: t.chain, wallet: evmWallet(3) });
    await until(() => a.of("subscribed").length === 1 && c.of("subscribed").length === 1, "acks", 30_000);
    await until(() => (gw.stats().pollCreditsWalletTrades ?? 0) > 0, "a first poll", 30_000);
    expect(gw.stats().livePolled).toBe(1);
  });

  it("polls one address's hundred wallets within its credit cap, and another address's wallet is not starved", async () => {
    const budget = 120;
    const { gw, url } = await m.startGateway(
      { clientIp },
      { addressShare: 0.2, pulseReserve: 0, pollCreditsPerMinute: budget, tickMs: 200, pollTickMs: 50 },
    );
    const light = await m.browser(url, from("198.51.100.31"));
    const lt = tokens[2] as Tok;
    light.subscribe("w", "wallet-trades", { chain: lt.chain, wallet: evmWallet(500) });
    await until(() => light.of("subscribed").length === 1, "the light address's ack", 30_000);
    const heavy = await m.browser(url, from("203.0.113.91"));
    for (let i = 0; i < 100; i++) heavy.subscribe(`w${i}`, "wallet-trades", { chain: (tokens[i % tokens.length] as Tok).chain, wallet: evmWallet(100 + i) });
    await until(() => heavy.of("subscribed").length === 100, "100 acks", 30_000);
    expect([heavy, light].flatMap((b) => b.of("error"))).toEqual([]);
    expect(heavy.of("subscribed").every((f) => f.mode === "poll")).toBe(true);

    const samples: { address: string; spent: number; cap: number | null }[] = [];
    const sampler = setInterval(() => {
      for (const f of gw.addressFigures()) samples.push({ address: f.address, spent: f.pollCreditsLastMinute, cap: f.pollCreditCap });
    }, 100);
    try {
      await until(() => (gw.stats().pollsDeferred ?? 0) > 0, "the heavy address's polls put off at its cap", 60_000);
      await until(() => (gw.stats().pollCreditsWalletTrades ?? 0) > 0, "polls spent", 30_000);
      // The light address's wallet trades and is delivered despite the heavy address's hundred.
      const r = await m.control<{ trade: { txHash: string } }>("scenario", {
        action: "trade", chain: lt.chain, address: lt.address, side: "buy", usd: 5, maker: evmWallet(500),
      });
      await until(() => walletRows(light, "w").some((row) => row.txHash === r.trade.txHash), "the light address's trade", 60_000);
    } finally {
      clearInterval(sampler);
    }
    const capped = samples.filter((s) => s.cap !== null);
    expect(capped.length).toBeGreaterThan(0);
    // One poll's cost of slack: a poll starts while the address is under its cap.
    for (const s of capped) expect(s.spent).toBeLessThanOrEqual((s.cap as number) + 1);
    expect(gw.stats().pollCreditsLastMinute).toBeLessThanOrEqual(budget + 1);
    // Cadence follows the shares: the heavy address's hundred wallets are polled far slower than the fastest rung.
    expect(gw.stats().pollIntervalMaxMs).toBeGreaterThan(1_000);
    expect(gw.stats().liveStreamed).toBe(0);
  });
});
