import { describe, expect, it } from "vitest";
import type { BatchSlot, TokenDetail, WalletTrade } from "@/lib/api";
import { buildLaunches, MAX_OTHER_LAUNCHES, tradedTokens } from "./dossier";

const T0 = 1_700_000_000_000;
const row = (tokenAddress: string, at: number, isBuy: boolean): WalletTrade =>
  ({
    at,
    chain: "solana",
    tokenAddress,
    isBuy,
    amountToken: 1,
    volumeUsd: 1,
    txHash: `${tokenAddress}${at}`,
    tokenSymbol: "X",
    priceUsd: 1,
    maker: "dev",
  }) as WalletTrade;
const detail = (address: string, deployer: string, migrated: boolean): BatchSlot<TokenDetail> => ({
  data: {
    chain: "solana",
    address,
    priceUsd: 0.001,
    priceNative: 0.00001,
    marketCapUsd: 1_000,
    liquidityUsd: 1,
    bondingProgress: 50,
    migrated,
    graduatedAt: migrated ? T0 + 1 : null,
    volume24hUsd: 1,
    priceChange1hPct: 0,
    priceChange24hPct: 0,
    txns24h: 1,
    buys24h: 1,
    sells24h: 0,
    updatedAt: T0,
    name: address,
    symbol: address.toUpperCase(),
    decimals: 6,
    totalSupply: "1000000",
    iconUrl: null,
    createdAt: T0,
    deployer,
    quoteSymbol: "SOL",
    pool: { address: `pool-${address}`, type: "curve", factory: null },
    launchpad: { factory: "f", launchpad: "pad", bondingProgress: 50, migrated, graduatedAt: migrated ? T0 + 1 : null },
  },
});

describe("dev dossier", () => {
  it("lists only tokens the dev deployed, with graduation, peak market cap and time to the first sell", () => {
    const trades = [
      row("a", T0, true),
      row("a", T0 + 90_000, false),
      row("a", T0 + 200_000, false),
      row("b", T0, true),
    ];
    const slots = [
      detail("a", "dev", true),
      detail("b", "someone", false),
      { error: { code: "token_not_found", message: "x" } },
    ];
    const out = buildLaunches("dev", trades, slots, { "pool-a": [0.00001, 0.00005, 0.00002] });
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ address: "a", graduated: true, firstSellAfterMs: 90_000 });
    // 0.00005 SOL × 1e6 supply × $100/SOL
    expect(out[0]?.peakMcapUsd).toBeCloseTo(5_000);
  });

  it("looks at a bounded number of other tokens, newest first, never the current one", () => {
    const trades = Array.from({ length: 30 }, (_, i) => row(`t${i % 15}`, T0 + i, true));
    const list = tradedTokens(trades, "t14");
    expect(list).toHaveLength(MAX_OTHER_LAUNCHES);
    expect(list).not.toContain("t14");
    expect(list[0]).toBe("t13");
  });
});
