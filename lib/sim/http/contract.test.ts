import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EndpointDef, endpoints, validateRequest } from "@/lib/api";
import { type Harness, type Json, startHarness, TEST_KEY } from "../testing/harness";
import { HANDLERS } from "./handlers";

// Contract tests over real HTTP: every endpoint's shapes against the registry, defaults, errors, credits.

let h: Harness;
let state: Json;
const SOL_ZERO = "11111111111111111111111111111111";
const EVM_ZERO = "0x0000000000000000000000000000000000000001";

beforeAll(async () => {
  h = await startHarness({ warmupMs: 10 * 60_000 });
  h.advance(20_000);
  state = await h.control("GET", "/__control/state");
}, 30_000);
afterAll(() => h?.sim.close());

function validRequests(): { id: string; method: string; path: string; body?: unknown }[] {
  const est = state.notable.establishedToken;
  const evm = state.notable.evmWallet;
  const sol = state.notable.solanaWallet;
  const ident = state.notable.identityWallet;
  const tok = `chain=${est.chain}&address=${est.address}`;
  return [
    { id: "search", method: "GET", path: `/v1/search?q=${encodeURIComponent(est.symbol)}` },
    { id: "walletTrades", method: "GET", path: `/v1/wallet/trades?chain=${evm.chain}&wallet=${evm.address}` },
    { id: "tokenTrades", method: "GET", path: `/v1/token/trades?${tok}&pools=${est.pools.join(",")}` },
    {
      id: "tokenTradesByMakers",
      method: "POST",
      path: "/v1/token/trades",
      body: {
        chain: est.chain,
        address: est.address,
        pools: est.pools,
        makers: [est.chain === "solana" ? sol.address : evm.address],
      },
    },
    { id: "pulse", method: "GET", path: "/v1/pulse?view=new&chains=solana,evm:8453,evm:56" },
    { id: "ohlcv", method: "GET", path: `/v1/token/ohlcv?${tok}&pools=${est.pools.join(",")}` },
    {
      id: "walletProfileBatch",
      method: "POST",
      path: "/v1/wallet/profile",
      body: { items: [{ address: ident.address }, { address: EVM_ZERO }] },
    },
    { id: "walletProfile", method: "GET", path: `/v1/wallet/profile?address=${ident.address}` },
    { id: "walletPositions", method: "GET", path: `/v1/wallet/positions?chain=${evm.chain}&wallet=${evm.address}` },
    { id: "walletPnl", method: "GET", path: `/v1/wallet/pnl?wallet=${evm.address}` },
    {
      id: "walletFunding",
      method: "GET",
      path: `/v1/wallet/funding?chain=${state.notable.fundedWallet.chain}&wallet=${state.notable.fundedWallet.address}`,
    },
    { id: "chains", method: "GET", path: "/v1/meta/chains" },
    { id: "nativePrices", method: "GET", path: "/v1/prices/native" },
    { id: "sparklines", method: "POST", path: "/v1/token/sparklines", body: { chain: est.chain, pools: est.pools } },
    { id: "token", method: "GET", path: `/v1/token?${tok}` },
    {
      id: "tokenBatch",
      method: "POST",
      path: "/v1/token",
      body: { items: [{ chain: est.chain, address: est.address }] },
    },
    { id: "tokenPrice", method: "GET", path: `/v1/token/price?${tok}` },
    {
      id: "tokenPriceBatch",
      method: "POST",
      path: "/v1/token/price",
      body: { items: [{ chain: est.chain, address: est.address }] },
    },
    { id: "tokenPools", method: "GET", path: `/v1/token/pools?${tok}` },
    { id: "tokenStats", method: "GET", path: `/v1/token/stats?${tok}` },
    { id: "tokenHolders", method: "GET", path: `/v1/token/holders?${tok}` },
    { id: "tokenMetadata", method: "GET", path: `/v1/token/metadata?${tok}` },
    { id: "tokenSecurity", method: "GET", path: `/v1/token/security?${tok}` },
    {
      id: "tokenSecurityBatch",
      method: "POST",
      path: "/v1/token/security",
      body: { items: [{ chain: est.chain, address: est.address }] },
    },
    { id: "factories", method: "GET", path: "/v1/meta/factories" },
  ].map((r) => ({ ...r, _sol: sol }));
}

describe("every endpoint", () => {
  it("has exactly one handler per registry entry", () => {
    expect(Object.keys(HANDLERS).sort()).toEqual(Object.keys(endpoints).sort());
    expect(
      validRequests()
        .map((r) => r.id)
        .sort(),
    ).toEqual(Object.keys(endpoints).sort());
  });

  it("answers a valid call with the registry's data and meta shapes and charges its credits", async () => {
    for (const r of validRequests()) {
      const def = (endpoints as Record<string, EndpointDef>)[r.id] as EndpointDef;
      const before = h.sim.ledger.spent(TEST_KEY);
      const res = await h.call(r.method, r.path, { body: r.body });
      expect(res.status, `${r.id}: ${JSON.stringify(res.body)}`).toBe(200);
      const data = def.data.safeParse(res.body.data);
      expect(data.success, `${r.id} data: ${data.success ? "" : JSON.stringify(data.error.issues.slice(0, 3))}`).toBe(
        true,
      );
      const meta = def.meta.safeParse(res.body.meta);
      expect(meta.success, `${r.id} meta`).toBe(true);
      expect(res.body.meta.asOf).toBe(h.sim.core.now());
      const url = new URL(r.path, "http://x");
      const v = validateRequest(def, url.searchParams, r.body);
      if (!v.ok) throw v.error;
      const credits = def.credits(v.input);
      expect(Number(res.headers.get("x-credits-spent")), r.id).toBe(credits);
      expect(h.sim.ledger.spent(TEST_KEY) - before, r.id).toBe(credits);
      expect(Number(res.headers.get("x-credits-total"))).toBe(h.sim.ledger.spent(TEST_KEY));
    }
  });

  it("answers 401 without a key or with a wrong one, on every endpoint, charging nothing", async () => {
    const before = h.sim.ledger.spent(TEST_KEY);
    for (const r of validRequests()) {
      for (const key of [null, "wrong-key", `Bearer ${TEST_KEY}`]) {
        const res = await h.call(r.method, r.path, { body: r.body, key });
        expect(res.status, r.id).toBe(401);
        expect(res.body.error.code).toBe("unauthorized");
        expect(typeof res.body.error.message).toBe("string");
      }
    }
    expect(h.sim.ledger.spent(TEST_KEY)).toBe(before);
  });

  it("answers 404 for unknown paths and 405 for wrong methods", async () => {
    const a = await h.call("GET", "/v1/nope");
    expect(a.status).toBe(404);
    expect(a.body.error.code).toBe("not_found");
    const b = await h.call("DELETE", "/v1/search?q=x");
    expect(b.status).toBe(405);
    expect(b.body.error.code).toBe("method_not_allowed");
    expect(b.headers.get("allow")).toBe("GET");
    const c = await h.call("PUT", "/v1/token");
    expect(c.headers.get("allow")).toBe("GET, POST");
  });
});

describe("bad requests", () => {
  const bad = (): [string, string, unknown, string, string][] => {
    const est = state.notable.establishedToken;
    const tok = `chain=${est.chain}&address=${est.address}`;
    const pools = est.pools.join(",");
    const many = Array.from({ length: 51 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, "0")}`).join(",");
    return [
      ["GET", "/v1/search", undefined, "missing_parameter", "q"],
      ["GET", "/v1/search?q=a&limit=51", undefined, "invalid_parameter", "limit"],
      ["GET", "/v1/search?q=a&limit=0", undefined, "invalid_parameter", "limit"],
      ["GET", "/v1/search?q=a&chain=eth", undefined, "invalid_parameter", "chain"],
      ["GET", "/v1/search?q=a&bogus=1", undefined, "unknown_parameter", "bogus"],
      ["GET", `/v1/wallet/trades?chain=evm:1&wallet=${EVM_ZERO}&limit=101`, undefined, "invalid_parameter", "limit"],
      [
        "GET",
        `/v1/wallet/trades?chain=solana&wallet=${SOL_ZERO}&beforeAt=1`,
        undefined,
        "invalid_parameter",
        "beforeAt",
      ],
      ["GET", `/v1/token/trades?${tok}`, undefined, "missing_parameter", "pools"],
      ["GET", `/v1/token/trades?${tok}&pools=${pools}&limit=501`, undefined, "invalid_parameter", "limit"],
      ["GET", `/v1/token/trades?${tok}&pools=${many}`, undefined, "invalid_parameter", "pools"],
      ["GET", `/v1/token/trades?${tok}&pools=${pools}&cursor=abc`, undefined, "invalid_parameter", "cursor"],
      ["GET", `/v1/token/trades?${tok}&pools=${EVM_ZERO}`, undefined, "invalid_parameter", "pools"],
      ["GET", `/v1/token/trades?${tok}&pools=${pools}&include=everything`, undefined, "invalid_parameter", "include"],
      ["GET", "/v1/pulse?view=new", undefined, "missing_parameter", "chains"],
      ["GET", "/v1/pulse?view=hot&chains=solana", undefined, "invalid_parameter", "view"],
      ["GET", "/v1/pulse?view=new&chains=solana&limit=101", undefined, "invalid_parameter", "limit"],
      [
        "GET",
        "/v1/pulse?view=new&chains=evm:1,evm:10,evm:56,evm:137,evm:8453,evm:42161,evm:43114,evm:81457,solana",
        undefined,
        "invalid_parameter",
        "chains",
      ],
      ["GET", `/v1/token/ohlcv?${tok}&pools=${pools}&interval=2m`, undefined, "invalid_parameter", "interval"],
      ["GET", `/v1/token/ohlcv?${tok}&pools=${pools}&limit=501`, undefined, "invalid_parameter", "limit"],
      ["GET", `/v1/token/ohlcv?${tok}&pools=${pools}&endTime=abc`, undefined, "invalid_parameter", "endTime"],
      ["POST", "/v1/wallet/profile", { items: [] }, "invalid_body", "items"],
      [
        "POST",
        "/v1/wallet/profile",
        { items: Array.from({ length: 101 }, () => ({ address: EVM_ZERO })) },
        "invalid_body",
        "items",
      ],
      ["GET", "/v1/wallet/profile?address=nope", undefined, "invalid_parameter", "address"],
      ["GET", `/v1/wallet/positions?chain=solana&wallet=${EVM_ZERO}`, undefined, "invalid_parameter", "wallet"],
      ["GET", `/v1/wallet/pnl?wallet=${EVM_ZERO}&period=90d`, undefined, "invalid_parameter", "period"],
      ["GET", `/v1/wallet/pnl?wallet=${SOL_ZERO}`, undefined, "invalid_parameter", "chain"],
      ["GET", "/v1/wallet/funding?chain=evm:1", undefined, "missing_parameter", "wallet"],
      ["GET", "/v1/meta/chains?x=1", undefined, "unknown_parameter", "x"],
      ["POST", "/v1/token/sparklines", { chain: "solana", pools: [] }, "invalid_body", "pools"],
      [
        "POST",
        "/v1/token/sparklines",
        { chain: "evm:1", pools: [EVM_ZERO], timeframe: "2y" },
        "invalid_body",
        "timeframe",
      ],
      [
        "POST",
        "/v1/token/security",
        { items: Array.from({ length: 501 }, () => ({ chain: "evm:1", address: EVM_ZERO })) },
        "invalid_body",
        "items",
      ],
      ["POST", "/v1/token", { items: [{ chain: "evm:1", address: EVM_ZERO, extra: 1 }] }, "invalid_body", "items.0"],
      ["GET", `/v1/token/stats?${tok}&windows=2h`, undefined, "invalid_parameter", "windows"],
    ];
  };

  it("answers 400 with the code and param, charging nothing", async () => {
    const before = h.sim.ledger.spent(TEST_KEY);
    for (const [method, path, body, code, param] of bad()) {
      const res = await h.call(method, path, { body });
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.error.code, path).toBe(code);
      expect(res.body.error.param, path).toBe(param);
      expect(res.headers.get("x-credits-spent")).toBeNull();
    }
    expect(h.sim.ledger.spent(TEST_KEY)).toBe(before);
  });

  it("rejects broken JSON bodies and non-JSON content types", async () => {
    const a = await h.call("POST", "/v1/token", { raw: "{nope", headers: { "content-type": "application/json" } });
    expect([a.status, a.body.error.code]).toEqual([400, "invalid_json"]);
    const b = await h.call("POST", "/v1/token", {
      raw: "items=1",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect([b.status, b.body.error.code]).toEqual([400, "invalid_body"]);
    const c = await h.call("POST", "/v1/token");
    expect([c.status, c.body.error.code]).toEqual([400, "invalid_body"]);
  });

  it("answers 404 token_not_found on single-token endpoints and error slots in batches", async () => {
    for (const p of [
      "/v1/token",
      "/v1/token/price",
      "/v1/token/pools",
      "/v1/token/stats",
      "/v1/token/holders",
      "/v1/token/metadata",
      "/v1/token/security",
    ]) {
      const res = await h.call("GET", `${p}?chain=evm:1&address=${EVM_ZERO}`);
      expect([res.status, res.body.error.code], p).toEqual([404, "token_not_found"]);
    }
    const est = state.notable.establishedToken;
    for (const p of ["/v1/token", "/v1/token/price", "/v1/token/security"]) {
      const res = await h.call("POST", p, {
        body: {
          items: [
            { chain: "evm:1", address: EVM_ZERO },
            { chain: est.chain, address: est.address },
            { chain: "solana", address: EVM_ZERO },
          ],
        },
      });
      expect(res.status).toBe(200);
      expect(res.body.data[0].error.code).toBe("token_not_found");
      expect(res.body.data[1].data.address).toBe(est.address);
      expect(res.body.data[2].error.code).toBe("invalid_parameter");
      expect(res.headers.get("x-credits-spent")).toBe("3");
    }
  });
});

describe("defaults and not-shown choices", () => {
  it("applies the §8 defaults", async () => {
    const est = state.notable.establishedToken;
    const tok = `chain=${est.chain}&address=${est.address}&pools=${est.pools.join(",")}`;
    const tape = await h.call("GET", `/v1/token/trades?${tok}`);
    expect(tape.body.data.length).toBeLessThanOrEqual(100);
    const c = await h.call("GET", `/v1/token/ohlcv?${tok}`);
    expect(c.body.meta.interval).toBe("5m");
    expect(c.body.meta.quote).toBe("native");
    expect(c.body.data.length).toBe(200);
    expect(c.body.meta.count).toBe(200);
    const p = await h.call("GET", "/v1/pulse?view=new&chains=solana");
    expect(p.body.data.length).toBe(30);
    expect(p.body.meta.view).toBe("new");
    const s = await h.call("POST", "/v1/token/sparklines", {
      body: { chain: est.chain, pools: [est.pools[0], EVM_ZERO] },
    });
    expect(s.body.meta).toMatchObject({ timeframe: "24h", quote: "native" });
    expect(s.body.data[EVM_ZERO]).toEqual([]);
    expect(s.body.data[est.pools[0]].length).toBe(48);
  });

  it("returns data null for a wallet without funding, and an empty profile for a wallet without identity", async () => {
    const f = await h.call("GET", `/v1/wallet/funding?chain=evm:1&wallet=${EVM_ZERO}`);
    expect(f.status).toBe(200);
    expect(f.body.data).toBeNull();
    const p = await h.call("GET", `/v1/wallet/profile?address=${EVM_ZERO}`);
    expect(p.body.data).toEqual({ profile: null, linkedWallets: [] });
    const id = state.notable.identityWallet;
    const q = await h.call("GET", `/v1/wallet/profile?address=${id.address}`);
    expect(q.body.data.profile.address).toBe(id.address);
    expect(q.body.data.linkedWallets.sort()).toEqual([...id.linkedWallets].sort());
    const b = await h.call("POST", "/v1/wallet/profile", {
      body: {
        items: [
          { address: EVM_ZERO },
          { address: id.address.startsWith("0x") ? `0x${id.address.slice(2).toUpperCase()}` : id.address },
        ],
      },
    });
    expect(b.body.data[0]).toEqual({ data: null });
    expect(b.body.data.length).toBe(2);
  });

  it("serves all 19 chains with statuses and native prices for each", async () => {
    const c = await h.call("GET", "/v1/meta/chains");
    expect(c.body.data.length).toBe(19);
    expect(c.body.data.filter((x: { status: string }) => x.status !== "live").length).toBeGreaterThan(0);
    expect(c.headers.get("x-credits-spent")).toBe("0");
    const p = await h.call("GET", "/v1/prices/native");
    expect(Object.keys(p.body.data).sort()).toEqual(c.body.data.map((x: { chain: string }) => x.chain).sort());
  });

  it("lists ~90 launchpad factories", async () => {
    const f = await h.call("GET", "/v1/meta/factories");
    expect(f.body.data.length).toBeGreaterThanOrEqual(85);
    const sol = await h.call("GET", "/v1/meta/factories?chain=solana");
    expect(sol.body.data.every((x: { chain: string }) => x.chain === "solana")).toBe(true);
  });
});
