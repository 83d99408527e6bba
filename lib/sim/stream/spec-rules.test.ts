import { describe, expect, it } from "vitest";
import { ohlcvEventSchema, type TokenTrade, tradeKey, tradesEventSchema } from "@/lib/api";
import { type Json, marketForFile, TEST_KEY } from "../testing/harness";
import { TestClient } from "./testing/harness";

// §6 over the real stream of the embedded market (engine + index + REST + /v1/stream), virtual clock: pool-restricted
// trades, USD candles on Solana, and unsubscribe removing one subscription only.

const h = marketForFile({ warmupMs: 10 * 60_000, seed: 29 });

const qs = (o: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)])).toString();
const scenario = (body: Record<string, unknown>) => h.control("POST", "/__control/scenario", body);
const connect = () => TestClient.authed(`${h.sim.streamUrl}/v1/stream`, TEST_KEY);
/** Folds a subscription's trades/revert events into the rows it leaves a consumer with. */
function fold(c: TestClient, id: string, into: Map<string, TokenTrade>): void {
  for (const f of c.take(id)) {
    const e = tradesEventSchema.parse(f);
    if (e.kind === "trades") for (const r of e.data) into.set(tradeKey(r), r);
    else for (const k of e.data) into.delete(tradeKey(k));
  }
}

describe("§6 trades restricted by pools", () => {
  it("carries only the named pool's rows, while the token-wide subscription carries every pool's", async () => {
    const est = h.state.notable.establishedToken;
    expect(est.pools.length).toBeGreaterThan(1);
    const tok = { chain: est.chain, address: est.address };
    const pool = est.pools[0] as string;
    const c = await connect();
    expect(await c.subscribe("all", "trades", tok)).toMatchObject({ type: "subscribed" });
    expect(await c.subscribe("one", "trades", { ...tok, pools: [pool] })).toMatchObject({ type: "subscribed" });
    await c.barrier();
    c.take("all");
    c.take("one");
    const from = h.sim.core.now();
    const all = new Map<string, TokenTrade>();
    const one = new Map<string, TokenTrade>();
    for (let i = 0; i < 90; i++) {
      h.advance(1000);
      await c.barrier();
      fold(c, "all", all);
      fold(c, "one", one);
    }
    // let the last preconfirmations settle
    h.advance(5000);
    await c.barrier();
    fold(c, "all", all);
    fold(c, "one", one);
    const to = h.sim.core.now() - 5000;
    const restPool = (
      (await h.get(`/v1/token/trades?${qs({ ...tok, pools: pool, limit: 500 })}`)).data as TokenTrade[]
    ).filter((r) => r.at > from && r.at <= to);
    const inWindow = (m: Map<string, TokenTrade>) => [...m.values()].filter((r) => r.at > from && r.at <= to);
    const oneRows = inWindow(one);
    const allRows = inWindow(all);
    expect(oneRows.length).toBeGreaterThan(0);
    // exactly the REST tape of that pool over the window
    expect(oneRows.map(tradeKey).sort()).toEqual(restPool.map(tradeKey).sort());
    // the token-wide subscription saw other pools' rows too, which the restricted one did not get
    const others = allRows.filter((r) => !one.has(tradeKey(r)));
    expect(others.length).toBeGreaterThan(0);
    for (const r of oneRows) expect(all.get(tradeKey(r))).toEqual(r);
    await c.close();
  }, 60_000);
});

describe("§6 USD candles on Solana", () => {
  it("quote=usd pushes the forming USD candle as REST has it, native candle × SOL price", async () => {
    const sol = h.state.notable.graduatedToken;
    const tok = { chain: "solana", address: sol.address };
    const rest = async (quote: string) =>
      (await h.get(`/v1/token/ohlcv?${qs({ ...tok, pools: sol.pools.join(","), interval: "1m", quote, limit: 2 })}`))
        .data as Json[];
    const c = await connect();
    const ack = await c.subscribe("usd", "ohlcv", {
      chain: "solana:solana",
      address: sol.address,
      interval: "1m",
      quote: "usd",
    });
    expect(ack).toMatchObject({ type: "subscribed", params: { chain: "solana", quote: "usd" } });
    await c.barrier();
    const first = c.take("usd").map((f) => ohlcvEventSchema.parse(f));
    expect(first[0].meta.quote).toBe("usd");
    expect(first[0].data).toEqual(await rest("usd"));
    await scenario({ action: "trade", ...tok, side: "buy", usd: 500 });
    await c.barrier();
    const pushed = c.take("usd").map((f) => ohlcvEventSchema.parse(f));
    expect(pushed.length).toBeGreaterThan(0);
    const last = pushed.at(-1)?.data.at(-1);
    const [usdNow, nativeNow] = [(await rest("usd")).at(-1), (await rest("native")).at(-1)];
    expect(last).toEqual(usdNow);
    const solUsd = (await h.get("/v1/prices/native")).data.solana.priceUsd as number;
    expect(Math.abs(Math.log(usdNow.close / (nativeNow.close * solUsd)))).toBeLessThan(0.01);
    // USD quote is Solana only
    const evm = h.state.notable.baseToken;
    const refused = await c.subscribe("evm", "ohlcv", {
      chain: evm.chain,
      address: evm.address,
      interval: "1m",
      quote: "usd",
    });
    expect(refused).toMatchObject({ type: "error", id: "evm", code: "invalid_params" });
    await c.close();
  }, 60_000);
});

describe("§6 unsubscribe", () => {
  it("stops events for that id only", async () => {
    const launch = await scenario({ action: "launch", chain: "solana" });
    const tok = { chain: "solana", address: launch.address };
    const c = await connect();
    for (const id of ["a", "b"]) expect(await c.subscribe(id, "trades", tok)).toMatchObject({ type: "subscribed" });
    expect(await c.subscribe("u", "token-updates", tok)).toMatchObject({ type: "subscribed" });
    await scenario({ action: "trade", ...tok, side: "buy", usd: 20 });
    await c.barrier();
    expect(c.take("a", "trades").length).toBeGreaterThan(0);
    expect(c.take("b", "trades").length).toBeGreaterThan(0);
    c.send({ type: "unsubscribe", id: "a" });
    expect(await c.next((f) => f.id === "a")).toEqual({ type: "unsubscribed", id: "a" });
    c.take("u");
    for (let i = 0; i < 3; i++) {
      h.advance(1100);
      await scenario({ action: "trade", ...tok, side: "buy", usd: 20 });
    }
    await c.barrier();
    expect(c.frames.filter((f) => f.id === "a")).toEqual([]);
    const b = c.take("b", "trades").map((f) => tradesEventSchema.parse(f));
    expect(b.flatMap((e) => e.data).length).toBeGreaterThanOrEqual(3);
    expect(c.take("u").length).toBeGreaterThan(0);
    // the id is free again: subscribing under it works and delivers
    expect(await c.subscribe("a", "trades", tok)).toMatchObject({ type: "subscribed" });
    await scenario({ action: "trade", ...tok, side: "buy", usd: 20 });
    await c.barrier();
    expect(c.take("a", "trades").length).toBeGreaterThan(0);
    await c.close();
  }, 60_000);
});
