import { describe, expect, it } from "vitest";
import {
  CLOSE_CODES,
  ohlcvEventSchema,
  type PulseToken,
  pulseEventSchema,
  type TokenTrade,
  tokenUpdateEventSchema,
  tradeKey,
  tradesEventSchema,
} from "@/lib/api";
import { marketForFile, TEST_KEY } from "../testing/harness";
import { type Frame, TestClient } from "./testing/harness";

// Against the real embedded service (engine + index + REST) on port 0, with a virtual market clock: what a client
// that knows only the spec and the documented frames sees on /v1/stream equals what REST says at that moment.

const h = marketForFile({ warmupMs: 5 * 60_000, seed: 11 }, 120_000);
const rest = (path: string) => h.get(path);
const control = (method: string, path: string, body?: unknown) => h.control(method, path, body);
const connect = () => TestClient.authed(`${h.sim.streamUrl}/v1/stream`, TEST_KEY);
const qs = (o: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)])).toString();

describe("a spec-only client on the real service", () => {
  it("authenticates, subscribes to all four channels and sees a live market equal to REST", async () => {
    const token = await control("POST", "/__control/scenario", { action: "launch", chain: "evm:8453" });
    const { chain, address } = token;
    const pools: string[] = (await rest(`/v1/token/pools?${qs({ chain, address })}`)).data.map(
      (p: { address: string }) => p.address,
    );
    const spentBefore = h.sim.ledger.spent(TEST_KEY);
    const c = await connect();
    expect(h.sim.ledger.spent(TEST_KEY) - spentBefore).toBe(1); // the first connection-minute

    const chains = ["evm:8453", "solana"];
    for (const [id, channel, params] of [
      ["t", "trades", { chain, address }],
      ["o", "ohlcv", { chain, address, interval: "1m" }],
      ["u", "token-updates", { chain, address }],
      ["p", "pulse", { view: "new", chains }],
    ] as const)
      expect(await c.subscribe(id, channel, params)).toMatchObject({ type: "subscribed", id, channel });
    await c.barrier();
    const [snap] = c.take("p", "snapshot").map((f) => pulseEventSchema.parse(f));
    expect(snap.data).toEqual(
      (await rest(`/v1/pulse?${qs({ view: "new", chains: chains.join(","), limit: 100 })}`)).data,
    );
    expect((snap.data as PulseToken[]).some((t) => t.address === address)).toBe(true);

    const seen = new Map<string, TokenTrade>();
    const updates: number[] = [];
    let updateChecks = 0;
    // the last update received equals REST's token detail whenever both describe the same market moment
    const checkUpdate = async () => {
      const ups = c.take("u").map((f) => tokenUpdateEventSchema.parse(f));
      updates.push(...ups.map((u) => u.meta.asOf));
      const last = ups.at(-1)?.data;
      if (!last) return;
      const detail = (await rest(`/v1/token?${qs({ chain, address })}`)).data;
      if (last.updatedAt !== detail.updatedAt) return;
      for (const k of Object.keys(last) as (keyof typeof last)[]) expect(detail[k]).toEqual(last[k]);
      updateChecks++;
    };
    for (let step = 0; step < 12; step++) {
      h.advance(1000);
      await c.barrier();
      await checkUpdate();
      await control("POST", "/__control/scenario", {
        action: "trade",
        chain,
        address,
        side: step % 3 === 2 ? "sell" : "buy",
        usd: 40,
      });
      await c.barrier();
      await checkUpdate();
      for (const f of c.take("t")) {
        const e = tradesEventSchema.parse(f);
        if (e.kind === "trades") for (const r of e.data) seen.set(tradeKey(r), r);
      }
      // the forming candle pushed after the trade equals REST's at this moment
      const candles = c.take("o").map((f) => ohlcvEventSchema.parse(f));
      const restCandles = (
        await rest(`/v1/token/ohlcv?${qs({ chain, address, pools: pools.join(","), interval: "1m", limit: 2 })}`)
      ).data;
      expect(candles.at(-1)?.data.at(-1)).toEqual(restCandles.at(-1));
    }
    // token-updates: at most one per second (market clock)
    expect(updates.length).toBeGreaterThan(3);
    for (let i = 1; i < updates.length; i++) expect(updates[i] - updates[i - 1]).toBeGreaterThanOrEqual(1000);
    expect(updateChecks).toBeGreaterThan(3);

    // trades: after confirmations land, every streamed row is in the REST tape with the same key and fields
    h.advance(4000);
    await c.barrier();
    for (const f of c.take("t")) {
      const e = tradesEventSchema.parse(f);
      if (e.kind === "trades") for (const r of e.data) seen.set(tradeKey(r), r);
      else for (const k of e.data) seen.delete(tradeKey(k));
    }
    const tape = (await rest(`/v1/token/trades?${qs({ chain, address, pools: pools.join(","), limit: 500 })}`))
      .data as TokenTrade[];
    const byKey = new Map(tape.map((r) => [tradeKey(r), r]));
    expect(seen.size).toBeGreaterThanOrEqual(12);
    for (const [k, r] of seen) expect(byKey.get(k)).toEqual(r);
    // The market keeps trading while the clock moves: rows younger than the preconfirmation lead may still wait.
    const settled = [...seen.values()].filter((r) => r.at <= h.sim.core.clock.now() - 3000);
    expect(settled.length).toBeGreaterThanOrEqual(12);
    expect(settled.every((r) => !r.preconfirmed)).toBe(true);

    // pulse: the next periodic snapshot equals REST at that moment
    let periodic: Frame | undefined;
    for (let i = 0; i < 8 && !periodic; i++) {
      h.advance(5000);
      await c.barrier();
      periodic = c.take("p", "snapshot").at(-1);
      if (periodic) {
        const now = (await rest(`/v1/pulse?${qs({ view: "new", chains: chains.join(","), limit: 100 })}`)).data;
        expect(pulseEventSchema.parse(periodic).data).toEqual(now);
      }
    }
    expect(periodic).toBeDefined();
    expect(c.take("p").every((f) => ["enter", "update", "leave"].includes(String(f.kind)))).toBe(true);
    await c.close();
  }, 60_000);

  it("signals a reverted Base preconfirmation and REST drops the row", async () => {
    const { chain, address } = await control("POST", "/__control/scenario", { action: "launch", chain: "evm:8453" });
    const c = await connect();
    await c.subscribe("t", "trades", { chain, address });
    await control("POST", "/__control/scenario", { action: "revert-next", chain: "evm:8453" });
    const { trade } = await control("POST", "/__control/scenario", {
      action: "trade",
      chain,
      address,
      side: "buy",
      usd: 25,
    });
    expect(trade.preconfirmed).toBe(true);
    await c.barrier();
    const pre = c.take("t").flatMap((f) => tradesEventSchema.parse(f).data as TokenTrade[]);
    expect(pre.find((r) => r.txHash === trade.txHash)?.preconfirmed).toBe(true);
    h.advance(3000);
    await c.barrier();
    const events = c.take("t").map((f) => tradesEventSchema.parse(f));
    const revert = events.find((e) => e.kind === "revert");
    expect(revert?.data).toContainEqual({ txHash: trade.txHash, block: trade.block, logIndex: trade.logIndex });
    const confirmed = events.flatMap((e) => (e.kind === "trades" ? e.data : []));
    expect(confirmed.some((r) => r.txHash === trade.txHash)).toBe(false);
    const pools = (await rest(`/v1/token/pools?${qs({ chain, address })}`)).data.map(
      (p: { address: string }) => p.address,
    );
    const tape = (await rest(`/v1/token/trades?${qs({ chain, address, pools: pools.join(","), limit: 500 })}`))
      .data as TokenTrade[];
    expect(tape.some((r) => r.txHash === trade.txHash)).toBe(false);
    await c.close();
  }, 30_000);

  it("applies stream faults set through the loopback control endpoint", async () => {
    await control("PUT", "/__control/faults", { streamRefuseConnections: true });
    await expect(TestClient.open(`${h.sim.streamUrl}/v1/stream`)).rejects.toThrow("HTTP 503");
    await control("PUT", "/__control/faults", { streamRefuseConnections: false, streamDuplicateRate: 1 });
    const { chain, address } = await control("POST", "/__control/scenario", { action: "launch", chain: "solana" });
    const c = await connect();
    await c.subscribe("t", "trades", { chain, address });
    await control("POST", "/__control/scenario", { action: "trade", chain, address, side: "buy", usd: 30 });
    await c.barrier();
    const frames = c.take("t");
    expect(frames.length).toBeGreaterThanOrEqual(2);
    expect(frames[0]).toEqual(frames[1]);
    await control("DELETE", "/__control/faults");
    await c.close();
  }, 30_000);

  it("enforces the per-key connection limit", async () => {
    // sockets closed by earlier tests are released once the server has seen their close
    const five: TestClient[] = [];
    for (let tries = 0; five.length < 5 && tries < 200; tries++) {
      const c = await TestClient.open(`${h.sim.streamUrl}/v1/stream`);
      c.send({ type: "auth", key: TEST_KEY });
      if ((await c.next()).type === "authed") five.push(c);
      else await new Promise((r) => setTimeout(r, 10));
    }
    expect(five).toHaveLength(5);
    const sixth = await TestClient.open(`${h.sim.streamUrl}/v1/stream`);
    sixth.send({ type: "auth", key: TEST_KEY });
    expect(await sixth.next()).toMatchObject({ type: "error", code: "limit_connections", limit: 5 });
    expect((await sixth.closed).code).toBe(CLOSE_CODES.limitConnections);
    await Promise.all(five.map((c) => c.close()));
  }, 30_000);
});
