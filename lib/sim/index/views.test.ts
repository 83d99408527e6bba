import { describe, expect, it } from "vitest";
import { tokenDetailSchema, tokenPoolSchema } from "@/lib/api";
import { createFactories } from "../engine/factories";
import { NativePrices } from "../engine/native-prices";
import { MarketIndex } from "./market-index";
import { degradedMeta, tokenDetail, tokenPools, type ViewCtx } from "./views";

// §1.5: unknown stays null and is flagged, never a fake number.

const T0 = Date.UTC(2026, 5, 1, 12);
const TOKEN = "0x00000000000000000000000000000000000000aa";
const POOL = "0x00000000000000000000000000000000000000a1";

function indexWithToken() {
  const ix = new MarketIndex({ prices: new NativePrices(1), factories: createFactories(1), start: T0 });
  const meta = {
    description: null,
    iconUrl: null,
    websiteUrl: null,
    twitterUrl: null,
    telegramUrl: null,
    discordUrl: null,
    hostile: null,
  };
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
