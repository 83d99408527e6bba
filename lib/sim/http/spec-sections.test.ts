import { describe, expect, it } from "vitest";
import { OHLCV_INTERVALS } from "@/lib/api";
import { type Json, marketForFile, TEST_KEY } from "../testing/harness";

// The spec, section by section, against the embedded market over real HTTP: defaults, bounds, batch slots and the
// literal credit cost of every route (§8).

const h = marketForFile({ warmupMs: 10 * 60_000, seed: 11 });

const B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
/** n distinct well-formed Solana addresses no token or wallet uses. */
const fakeSolana = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => `${"9".repeat(40)}${[0, 1, 2].map((k) => B58[Math.floor(i / 58 ** k) % 58]).join("")}`,
  );

const spentBy = async (method: string, path: string, body?: unknown) => {
  const before = h.sim.ledger.spent(TEST_KEY);
  const r = await h.call(method, path, { body });
  expect(r.status, `${method} ${path}: ${JSON.stringify(r.body).slice(0, 200)}`).toBe(200);
  expect(Number(r.headers.get("x-credits-spent"))).toBe(h.sim.ledger.spent(TEST_KEY) - before);
  return h.sim.ledger.spent(TEST_KEY) - before;
};

describe("§8 credits, literally", () => {
  it("charges each route what the spec's table says", async () => {
    const est = h.state.notable.establishedToken;
    const evm = h.state.notable.evmWallet;
    const tok = `chain=${est.chain}&address=${est.address}&pools=${est.pools.join(",")}`;
    expect(await spentBy("GET", "/v1/search?q=a")).toBe(5);
    expect(await spentBy("GET", `/v1/token/ohlcv?${tok}`)).toBe(5);
    expect(await spentBy("GET", `/v1/wallet/positions?chain=${evm.chain}&wallet=${evm.address}`)).toBe(2);
    expect(await spentBy("GET", `/v1/wallet/trades?chain=${evm.chain}&wallet=${evm.address}`)).toBe(1);
    expect(await spentBy("GET", `/v1/token/trades?${tok}`)).toBe(1);
    expect(await spentBy("GET", "/v1/pulse?view=new&chains=solana")).toBe(1);
    expect(await spentBy("GET", `/v1/wallet/pnl?wallet=${evm.address}`)).toBe(1);
    expect(await spentBy("GET", `/v1/wallet/profile?address=${evm.address}`)).toBe(1);
    expect(await spentBy("GET", `/v1/wallet/funding?chain=${evm.chain}&wallet=${evm.address}`)).toBe(1);
    expect(await spentBy("GET", "/v1/prices/native")).toBe(1);
    const three = [
      { address: evm.address },
      { address: h.state.notable.solanaWallet.address },
      { address: evm.address.replace(/.$/, "0") },
    ];
    expect(await spentBy("POST", "/v1/wallet/profile", { items: three })).toBe(3);
    expect(await spentBy("POST", "/v1/token/sparklines", { chain: est.chain, pools: est.pools.slice(0, 3) })).toBe(
      Math.min(3, est.pools.length),
    );
    expect(await spentBy("GET", "/v1/meta/chains")).toBe(0);
  });
});

describe("§4 defaults and bounds over HTTP", () => {
  it("§4.1 search returns at most 12 by default, and without a chain merges chains by USD liquidity", async () => {
    const r = await h.get("/v1/search?q=a");
    expect(r.data.length).toBeLessThanOrEqual(12);
    expect(r.data.length).toBeGreaterThan(1);
    expect(new Set(r.data.map((d: Json) => d.chain === "solana")).size).toBe(2); // both families merged
    const liq = r.data.map((d: Json) => d.liquidityUsd as number);
    expect(liq).toEqual([...liq].sort((a, b) => b - a));
    expect((await h.get("/v1/search?q=a&limit=50")).data.length).toBeGreaterThan(12);
  });

  it("§4.2 wallet trades default to 50 rows", async () => {
    const evm = h.state.notable.evmWallet;
    expect(evm.trades).toBeGreaterThan(100);
    const q = `/v1/wallet/trades?chain=${evm.chain}&wallet=${evm.address}`;
    const byDefault = (await h.get(q)).data;
    // A page may end a row early so no millisecond is split across pages (the beforeAt cursor is a time).
    expect(byDefault).toEqual((await h.get(`${q}&limit=50`)).data);
    expect(byDefault.length).toBeGreaterThan(40);
    expect(byDefault.length).toBeLessThanOrEqual(50);
    expect((await h.get(`${q}&limit=100`)).data.length).toBeGreaterThan(50);
  });

  it("§4.3 organicOnly drops wash rows; the makers filter takes at most 2000", async () => {
    const sol = h.state.notable.graduatedToken;
    const tok = `chain=solana&address=${sol.address}&pools=${sol.pools.join(",")}`;
    const all = await h.get(`/v1/token/trades?${tok}&limit=500`);
    const organic = await h.get(`/v1/token/trades?${tok}&limit=500&washFilter=organicOnly`);
    expect(organic.data.every((r: Json) => r.isWash === false)).toBe(true);
    expect(all.data.every((r: Json) => typeof r.isWash === "boolean")).toBe(true);
    const body = (n: number) => ({ chain: "solana", address: sol.address, pools: sol.pools, makers: fakeSolana(n) });
    expect((await h.call("POST", "/v1/token/trades", { body: body(2000) })).status).toBe(200);
    expect((await h.call("POST", "/v1/token/trades", { body: body(2001) })).status).toBe(400);
  });

  it("§4.5 serves all 17 intervals", async () => {
    const est = h.state.notable.establishedToken;
    const tok = `chain=${est.chain}&address=${est.address}&pools=${est.pools.join(",")}`;
    expect(OHLCV_INTERVALS).toHaveLength(17);
    for (const i of OHLCV_INTERVALS) {
      const r = await h.get(`/v1/token/ohlcv?${tok}&interval=${i}&limit=5`);
      expect(r.meta.interval, i).toBe(i);
      expect(r.data.length, i).toBeGreaterThan(0);
    }
  });

  it("§4.9 PnL without a chain is all EVM chains, and the period defaults to 30d", async () => {
    const evm = h.state.notable.evmWallet;
    const omitted = await h.get(`/v1/wallet/pnl?wallet=${evm.address}`);
    const thirty = await h.get(`/v1/wallet/pnl?wallet=${evm.address}&period=30d`);
    expect(omitted.data).toEqual(thirty.data);
    const one = await h.get(`/v1/wallet/pnl?wallet=${evm.address}&chain=${evm.chain}&period=30d`);
    expect(omitted.data.summary.trades).toBeGreaterThanOrEqual(one.data.summary.trades);
  });

  it("§4.13 sparklines take up to 100 pools and accept solana:solana", async () => {
    const sol = h.state.notable.graduatedToken;
    const ok = await h.call("POST", "/v1/token/sparklines", { body: { chain: "solana:solana", pools: sol.pools } });
    expect(ok.status).toBe(200);
    expect(Object.keys(ok.body.data).sort()).toEqual([...sol.pools].sort());
    const pools = fakeSolana;
    expect(
      (await h.call("POST", "/v1/token/sparklines", { body: { chain: "solana", pools: pools(100) } })).status,
    ).toBe(200);
    expect(
      (await h.call("POST", "/v1/token/sparklines", { body: { chain: "solana", pools: pools(101) } })).status,
    ).toBe(400);
  });
});

describe("§7.4 batch slots", () => {
  it.each(["/v1/token", "/v1/token/price", "/v1/token/security"])(
    "%s reports a malformed address in its own slot, keeping order",
    async (path) => {
      const est = h.state.notable.establishedToken;
      const r = await h.call("POST", path, {
        body: {
          items: [
            { chain: est.chain, address: est.address },
            { chain: "evm:1", address: "not-an-address" },
            { chain: est.chain, address: est.address },
          ],
        },
      });
      expect(r.status, JSON.stringify(r.body).slice(0, 200)).toBe(200);
      expect(r.body.data).toHaveLength(3);
      expect(r.body.data[0].data.address).toBe(est.address);
      expect(r.body.data[1].error.code).toBe("invalid_parameter");
      expect(r.body.data[2].data.address).toBe(est.address);
    },
  );
});
