import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { SearchResult } from "@/lib/api";
import { moveActive, resolveAddressTarget, targetHref, tokenHref, walletHref } from "./search-target";

const TOKEN = "0x1111111111111111111111111111111111111111";
const POOL = "0x2222222222222222222222222222222222222222";
function must<T>(v: T | null): T {
  if (v === null) throw new Error("expected a value");
  return v;
}

const SOL = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";

function result(over: Partial<SearchResult>): SearchResult {
  return {
    chain: "evm:8453",
    address: TOKEN,
    name: "Token",
    symbol: "TKN",
    nameRank: 1,
    priceUsd: 1,
    liquidityUsd: 1000,
    marketCapUsd: 1e6,
    volume24hUsd: null,
    priceChange1hPct: null,
    priceChange24hPct: null,
    pool: { address: POOL, type: "v2", factory: null },
    iconUrl: null,
    createdAt: 0,
    ...over,
  };
}

describe("resolveAddressTarget", () => {
  it("is null for text queries", () => {
    expect(resolveAddressTarget("pepe", [result({})])).toBeNull();
    expect(resolveAddressTarget("0x12", [])).toBeNull();
  });

  it("jumps to the token on an exact token address, any case", () => {
    const t = resolveAddressTarget(TOKEN.toUpperCase().replace("0X", "0x"), [result({})]);
    expect(t).toMatchObject({ kind: "token", chain: "evm:8453", address: TOKEN });
    expect(targetHref(must(t))).toBe(`/token/evm%3A8453/${TOKEN}`);
  });

  it("jumps to the pool's token on a pool address", () => {
    expect(resolveAddressTarget(` ${POOL} `, [result({})])).toMatchObject({ kind: "token", address: TOKEN });
  });

  it("prefers a token match over a pool match and the first (deepest) of several chains", () => {
    const rs = [
      result({
        chain: "evm:1",
        address: "0x3333333333333333333333333333333333333333",
        pool: { address: TOKEN, type: "v2", factory: null },
      }),
      result({ chain: "evm:56" }),
      result({}),
    ];
    expect(resolveAddressTarget(TOKEN, rs)).toMatchObject({ kind: "token", chain: "evm:56" });
    expect(resolveAddressTarget(TOKEN, rs, "evm:8453")).toMatchObject({ kind: "token", chain: "evm:8453" });
  });

  it("falls back to the wallet page when nothing matches exactly", () => {
    const other = result({
      address: "0x4444444444444444444444444444444444444444",
      pool: { address: "0x5555555555555555555555555555555555555555", type: "v2", factory: null },
    });
    expect(resolveAddressTarget(TOKEN, [other])).toEqual({ kind: "wallet", address: TOKEN });
    expect(targetHref(must(resolveAddressTarget(SOL, [])))).toBe(`/wallet/${SOL}`);
    expect(targetHref(must(resolveAddressTarget(TOKEN, [], "evm:1")))).toBe(`/wallet/${TOKEN}?chain=evm%3A1`);
  });

  it("encodes every path segment", () => {
    expect(tokenHref("solana", SOL)).toBe(`/token/solana/${SOL}`);
    expect(walletHref("a/b?c")).toBe("/wallet/a%2Fb%3Fc");
  });
});

describe("moveActive", () => {
  it("wraps and handles empty lists", () => {
    expect(moveActive(-1, 0, "ArrowDown")).toBe(-1);
    expect(moveActive(-1, 3, "ArrowDown")).toBe(0);
    expect(moveActive(-1, 3, "ArrowUp")).toBe(2);
    expect(moveActive(2, 3, "ArrowDown")).toBe(0);
    expect(moveActive(0, 3, "ArrowUp")).toBe(2);
    expect(moveActive(1, 3, "Home")).toBe(0);
    expect(moveActive(1, 3, "End")).toBe(2);
  });

  it("always lands inside the list (property)", () => {
    const key = fc.constantFrom("ArrowDown", "ArrowUp", "Home", "End") as fc.Arbitrary<
      "ArrowDown" | "ArrowUp" | "Home" | "End"
    >;
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 60 }),
        fc.integer({ min: 1, max: 50 }),
        fc.array(key, { maxLength: 30 }),
        (start, n, keys) => {
          let i = start;
          for (const k of keys) i = moveActive(i, n, k);
          if (keys.length) expect(i >= 0 && i < n).toBe(true);
        },
      ),
    );
  });
});
