import type { Candle, PulseToken, TokenTrade, TokenUpdate } from "@/lib/api";

// Small valid resources for tests and the benchmark (shapes from lib/api/schemas.ts).

export const EVM_TOKEN = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;

export function pulseToken(n: number, priceUsd = 1, chain = "evm:8453"): PulseToken {
  return {
    chain, address: EVM_TOKEN(n), name: `Token ${n}`, symbol: `T${n}`, nameRank: 0,
    totalSupply: "1000000000", priceNative: "0.000001", priceUsd, marketCapUsd: priceUsd * 1e9,
    liquidityNative: "10", liquidityUsd: 30_000, bondingProgress: 12.5, migrated: false,
    createdAt: 1_700_000_000_000 + n, graduatedAt: null, ageSeconds: 60, txns: 10, buys: 6, sells: 4,
    volumeUsd: 1_234.5, feesUsd: 12.3,
    pool: { address: EVM_TOKEN(10_000 + n), type: "bonding-curve", factory: EVM_TOKEN(99), quoteAddress: EVM_TOKEN(98), quoteSymbol: "ETH" },
    metadata: { iconUrl: null, websiteUrl: null, twitterUrl: null, telegramUrl: null, dexPaid: false },
    creator: { address: EVM_TOKEN(77), displayName: null, avatarUrl: null, ensName: null },
  };
}

export function trade(n: number, at: number, preconfirmed = false): TokenTrade {
  return {
    at, maker: EVM_TOKEN(500 + (n % 7)), isBuy: n % 2 === 0, amountToken: 1000 + n, amountQuote: 0.01,
    priceNative: 0.00001, volumeNative: 0.01, volumeUsd: 30, isProTrader: false, isSniper: false, preconfirmed,
    txHash: `0x${n.toString(16).padStart(64, "0")}`, block: 1000 + n, logIndex: n % 3,
  };
}

export function candle(time: number, close = 1): Candle {
  return { time, open: close, high: close, low: close, close, volume: 10 };
}

export function tokenUpdate(address: string, priceUsd: number, updatedAt: number, chain = "evm:8453"): TokenUpdate {
  return {
    chain, address, priceUsd, priceNative: priceUsd / 3000, marketCapUsd: priceUsd * 1e9, liquidityUsd: 30_000,
    bondingProgress: null, migrated: true, graduatedAt: null, volume24hUsd: 1000, priceChange1hPct: 1.5,
    priceChange24hPct: -3, txns24h: 100, buys24h: 60, sells24h: 40, updatedAt,
  };
}
