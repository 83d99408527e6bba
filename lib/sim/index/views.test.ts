import { describe, expect, it } from "vitest";
import { pulseTokenSchema, tokenDetailSchema, tokenPoolSchema } from "@/lib/api";
import { createFactories } from "../engine/factories";
import { NativePrices } from "../engine/native-prices";
import { NO_META } from "../testing/fixtures";
import { MarketIndex } from "./market-index";
import { search } from "./search";
import { degradedMeta, pulseEntry, searchResult, tokenDetail, tokenPools, type ViewCtx } from "./views";

// §1.5: unknown stays null and is flagged, never a fake number.

const T0 = Date.UTC(2026, 5, 1, 12);
const TOKEN = "0x00000000000000000000000000000000000000aa";
const POOL = "0x00000000000000000000000000000000000000a1";

function indexWithToken() {
  const ix = new MarketIndex({ prices: new NativePrices(1), factories: createFactories(1), start: T0 });
  const meta = NO_META;
  ix.apply({
    type: "token",
    at: T0,
    chain: "evm:645749",
    txHash: "0x1",
    block: 1,
    logIndex: 0,
    token: TOKEN,
    name: "T",
    symbol: "T",
    decimals: 18,
    totalSupply: 1e9,
    creator: "0xc",
    factory: null,
    meta,
  });
  ix.apply({
    type: "pool",
    at: T0,
    chain: "evm:645749",
    txHash: "0x2",
    block: 1,
    logIndex: 1,
    pool: POOL,
    token: TOKEN,
    poolType: "v2",
    factory: "0xf",
    dex: "D",
    quoteAddress: "0xq",
    quoteSymbol: "ETH",
    feeBps: 30,
    reserveNative: 10,
    priceNative: 1e-6,
    curve: false,
  });
  return ix;
}

describe("degraded views", () => {
  it("withholds USD figures while the chain's native price is stale, and flags the response", () => {
    const ix = indexWithToken();
    const t = ix.token("evm:645749", TOKEN);
    if (!t) throw new Error("token missing");
    const fresh: ViewCtx = Object.assign(Object.create(ix), { nativeStale: () => false });
    const stale: ViewCtx = Object.assign(Object.create(ix), { nativeStale: () => true });
    const ok = tokenDetail(t, fresh);
    expect(ok.priceUsd).toBeGreaterThan(0);
    expect(degradedMeta(fresh, ["evm:645749"])).toEqual({});
    const d = tokenDetail(t, stale);
    expect(tokenDetailSchema.safeParse(d).success).toBe(true);
    expect([d.priceUsd, d.marketCapUsd, d.liquidityUsd]).toEqual([null, null, null]);
    expect(d.priceNative).toBe(1e-6);
    expect(degradedMeta(stale, ["evm:645749"])).toEqual({ degraded: true });
    const pools = tokenPools(t, stale, 10);
    expect(tokenPoolSchema.safeParse(pools[0]).success).toBe(true);
    expect(pools[0]?.priceUsd).toBeNull();
  });
});

describe("no placeholder values (§1.5, §1.9)", () => {
  const LAUNCH = "0x00000000000000000000000000000000000000cc";
  const CURVE = "0x00000000000000000000000000000000000000c1";
  const MAKER = "0x00000000000000000000000000000000000000b1";
  const meta = NO_META;

  function launchIndex() {
    const factories = createFactories(1);
    const f = factories.find((x) => x.chain.chain === "evm:8453");
    if (!f) throw new Error("no Base factory");
    const ix = new MarketIndex({ prices: new NativePrices(1), factories, start: T0 });
    ix.apply({
      type: "token",
      at: T0,
      chain: "evm:8453",
      txHash: "0xc",
      block: 1,
      logIndex: 0,
      token: LAUNCH,
      name: "Launch",
      symbol: "LNCH",
      decimals: 18,
      totalSupply: 1e9,
      creator: "0xcreator",
      factory: f.address,
      meta,
    });
    ix.flush();
    return { ix, f };
  }
  const src = (ix: MarketIndex) => ({
    byAddress: (c: string | undefined, a: string) => ix.tokenByAddress(c, a),
    all: () => ix.tokens.values(),
    nativeUsd: (c: string) => ix.nativeUsd(c),
  });

  it("lists a launch in pulse and search only once it has a pool, with that pool's real fields", () => {
    const { ix, f } = launchIndex();
    ix.tick(T0 + 5_000);
    expect(ix.pulse.list("new", ["evm:8453"], 100)).toEqual([]);
    expect(search(src(ix), "LNCH", undefined, 10)).toEqual([]);
    expect(search(src(ix), LAUNCH, undefined, 10)).toEqual([]);
    ix.apply({
      type: "pool",
      at: T0 + 6_000,
      chain: "evm:8453",
      txHash: "0xc",
      block: 1,
      logIndex: 1,
      pool: CURVE,
      token: LAUNCH,
      poolType: f.poolType,
      factory: f.address,
      dex: f.name,
      quoteAddress: "0x4200000000000000000000000000000000000006",
      quoteSymbol: "ETH",
      feeBps: 100,
      reserveNative: 0,
      priceNative: 3e-9,
      curve: true,
    });
    ix.flush();
    const [t] = ix.pulse.list("new", ["evm:8453"], 100);
    if (!t) throw new Error("launch not listed");
    const entry = pulseEntry(t, ix);
    expect(pulseTokenSchema.parse(entry).pool).toEqual({
      address: CURVE,
      type: f.poolType,
      factory: f.address,
      quoteAddress: "0x4200000000000000000000000000000000000006",
      quoteSymbol: "ETH",
    });
    expect(entry.priceNative).toBe("0.000000003");
    expect(entry.bondingProgress).toBe(0);
    const [hit] = search(src(ix), "LNCH", undefined, 10);
    expect(hit?.token.address).toBe(LAUNCH);
    if (hit) expect(searchResult(hit.token, ix, hit.nameRank).pool.address).toBe(CURVE);
  });

  it("values a position on a token the index forgot at its last seen price, not at the entry price", () => {
    const ix = indexWithToken();
    const swap = (txHash: string, at: number, amountNative: number) =>
      ix.apply({
        type: "swap",
        at,
        chain: "evm:645749",
        txHash,
        block: 2,
        logIndex: 0,
        pool: POOL,
        token: TOKEN,
        sender: MAKER,
        origin: MAKER,
        isBuy: true,
        amountToken: 1000,
        amountNative,
        feeNative: 0,
        reserveNative: 10,
        priceNative: amountNative / 1000,
        preconfirmed: false,
      });
    swap("0xs1", T0 + 1_000, 0.001);
    swap("0xs2", T0 + 2_000, 0.003);
    ix.apply({ type: "retire", at: T0 + 3_000, chain: "evm:645749", token: TOKEN });
    ix.flush();
    const [p] = ix.wallets.positions("evm:645749", MAKER);
    const usd = ix.nativeUsd("evm:645749");
    expect(p?.entryPriceUsd).toBeCloseTo(2e-6 * usd, 12);
    expect(p?.currentPriceUsd).toBeCloseTo(3e-6 * usd, 12);
    expect(p?.unrealizedPnlUsd).toBeGreaterThan(0);
  });
});
