import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { TokenDetail, TokenPrice, TokenUpdate } from "@/lib/api";
import { coalesceTokenUpdates, mergeBatchEnvelope, mergeDetail, mergeEnvelope, mergePrice } from "./token-updates";

const A = "0x00000000000000000000000000000000000000aa";

function update(over: Partial<TokenUpdate> = {}): TokenUpdate {
  return {
    chain: "evm:8453",
    address: A,
    priceUsd: 2,
    priceNative: 0.001,
    marketCapUsd: 2e6,
    liquidityUsd: 5e4,
    bondingProgress: 80,
    migrated: false,
    graduatedAt: null,
    volume24hUsd: 1e5,
    priceChange1hPct: 1,
    priceChange24hPct: 5,
    txns24h: 10,
    buys24h: 6,
    sells24h: 4,
    updatedAt: 2_000,
    ...over,
  };
}

function detail(): TokenDetail {
  return {
    ...update({ priceUsd: 1, updatedAt: 1_000 }),
    name: "Tok",
    symbol: "TOK",
    decimals: 18,
    totalSupply: "1000000",
    iconUrl: null,
    createdAt: 1,
    deployer: null,
    quoteSymbol: "ETH",
    pool: null,
    launchpad: { factory: "0xf", launchpad: "Pad", bondingProgress: 50, migrated: false, graduatedAt: null },
  };
}

function price(): TokenPrice {
  return {
    chain: "evm:8453",
    address: A,
    priceUsd: 1,
    priceNative: 0.0005,
    marketCapUsd: 1e6,
    liquidityUsd: 1,
    priceChange24hPct: 0,
    updatedAt: 1_000,
  };
}

describe("token updates reducer", () => {
  it("merges the live subset into token detail, launchpad block included", () => {
    const d = mergeDetail(detail(), update({ bondingProgress: 100, migrated: true, graduatedAt: 1_900 }));
    expect(d.priceUsd).toBe(2);
    expect(d.name).toBe("Tok");
    expect(d.launchpad).toMatchObject({ bondingProgress: 100, migrated: true, graduatedAt: 1_900, launchpad: "Pad" });
  });

  it("merges into the lean price", () => {
    expect(mergePrice(price(), update())).toMatchObject({ priceUsd: 2, marketCapUsd: 2e6, updatedAt: 2_000 });
  });

  it("ignores an update older than the cached data or for another token", () => {
    const d = detail();
    expect(mergeDetail(d, update({ updatedAt: 999 }))).toBe(d);
    expect(mergeDetail(d, update({ address: "0x00000000000000000000000000000000000000bb" }))).toBe(d);
  });

  it("keeps envelope identity when nothing changes (no re-render), and never invents an entry", () => {
    const env = { data: detail(), meta: { asOf: 1 } };
    expect(mergeEnvelope(env, [update({ updatedAt: 1 })], mergeDetail)).toBe(env);
    expect(mergeEnvelope(undefined, [update()], mergeDetail)).toBeUndefined();
    expect(mergeEnvelope(env, [update()], mergeDetail)?.data.priceUsd).toBe(2);
  });

  it("updates matching batch slots in place, keeping order and error slots", () => {
    const err = { error: { code: "token_not_found", message: "no" } };
    const other = { data: { ...price(), address: "0x00000000000000000000000000000000000000cc" } };
    const env = { data: [other, err, { data: price() }], meta: { asOf: 1 } };
    const next = mergeBatchEnvelope(env, [update()], mergePrice);
    expect(next?.data[0]).toBe(other);
    expect(next?.data[1]).toBe(err);
    expect(next?.data[2]).toMatchObject({ data: { priceUsd: 2 } });
  });

  it("coalesces to the newest update per token", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ who: fc.constantFrom("a", "b"), at: fc.integer({ min: 0, max: 50 }) }), { maxLength: 30 }),
        (xs) => {
          const ups = xs.map(({ who, at }) =>
            update({ address: who === "a" ? A : "0xb", updatedAt: at, priceUsd: at }),
          );
          const out = coalesceTokenUpdates(ups);
          for (const who of [A, "0xb"]) {
            const mine = ups.filter((u) => u.address === who);
            const got = out.filter((u) => u.address === who);
            expect(got).toHaveLength(mine.length ? 1 : 0);
            if (mine.length) expect(got[0].updatedAt).toBe(Math.max(...mine.map((u) => u.updatedAt)));
          }
        },
      ),
    );
  });

  it("applying updates in any order ends at the newest state", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1_001, max: 5_000 }), { minLength: 1, maxLength: 20 }), (ats) => {
        let d = detail();
        for (const at of ats) d = mergeDetail(d, update({ updatedAt: at, priceUsd: at }));
        expect(d.priceUsd).toBe(Math.max(...ats));
      }),
    );
  });
});
