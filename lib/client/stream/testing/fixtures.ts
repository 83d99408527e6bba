import fc from "fast-check";
import type { Candle, PulseToken, PulseView, TokenTrade } from "@/lib/api/core";

// Deterministic builders and fast-check arbitraries shared by the stream tests.

export function trade(
  over: Partial<TokenTrade> & Pick<TokenTrade, "txHash" | "block" | "logIndex" | "at">,
): TokenTrade {
  return {
    maker: "0x1111111111111111111111111111111111111111",
    isBuy: true,
    amountToken: 10,
    amountQuote: 1,
    priceNative: 0.1,
    volumeNative: 1,
    volumeUsd: 3000,
    isProTrader: false,
    isSniper: false,
    preconfirmed: false,
    ...over,
  };
}

/** Rows over a small key space (so duplicates and re-deliveries are common); each key has one confirmed and one preconfirmed version. */
export const tradeArb = fc
  .record({ tx: fc.integer({ min: 0, max: 30 }), logIndex: fc.integer({ min: 0, max: 2 }), preconfirmed: fc.boolean() })
  .map(({ tx, logIndex, preconfirmed }) =>
    trade({
      txHash: `0x${tx.toString(16).padStart(4, "0")}`,
      block: 100 + Math.floor(tx / 3),
      logIndex,
      at: 1_700_000_000_000 + Math.floor(tx / 3) * 2000,
      preconfirmed,
      isBuy: tx % 2 === 0,
      volumeUsd: tx * 10 + logIndex,
    }),
  );

export function pulseToken(over: Partial<PulseToken> & Pick<PulseToken, "address">): PulseToken {
  return {
    chain: "evm:8453",
    name: "Tok",
    symbol: "TOK",
    nameRank: 1,
    totalSupply: "1000000000",
    priceNative: "0.000001",
    priceUsd: 0.003,
    marketCapUsd: 3000,
    liquidityNative: "1",
    liquidityUsd: 3000,
    pool: {
      address: "0xpool",
      type: "bonding-curve",
      factory: "0xfactory",
      quoteAddress: "0xquote",
      quoteSymbol: "ETH",
    },
    bondingProgress: 10,
    migrated: false,
    createdAt: 1_700_000_000_000,
    graduatedAt: null,
    ageSeconds: 10,
    txns: 1,
    buys: 1,
    sells: 0,
    volumeUsd: 10,
    feesUsd: 0.1,
    metadata: { iconUrl: null, websiteUrl: null, twitterUrl: null, telegramUrl: null, dexPaid: false },
    creator: { address: "0xcreator", displayName: null, avatarUrl: null, ensName: null },
    ...over,
  };
}

export const pulseTokenArb = fc
  .record({
    n: fc.integer({ min: 0, max: 40 }),
    createdAt: fc.integer({ min: 0, max: 1000 }),
    progress: fc.integer({ min: 0, max: 100 }),
    graduatedAt: fc.option(fc.integer({ min: 0, max: 1000 }), { nil: null }),
  })
  .map(({ n, createdAt, progress, graduatedAt }) =>
    pulseToken({ address: `0x${n.toString(16).padStart(40, "0")}`, createdAt, bondingProgress: progress, graduatedAt }),
  );

export const pulseViewArb = fc.constantFrom<PulseView>("new", "bonding", "graduated");

export function candle(time: number, close = 1, volume = 1): Candle {
  return { time, open: close, high: close, low: close, close, volume };
}

export const candleArb = fc
  .record({
    slot: fc.integer({ min: 0, max: 60 }),
    close: fc.integer({ min: 1, max: 5 }),
    volume: fc.integer({ min: 0, max: 3 }),
  })
  .map(({ slot, close, volume }) => candle(1_700_000_000 + slot * 60, close, volume));

/** A token-updates event frame for subscription `id`: the token now trades at `priceUsd`, the rest of its figures at 1 or unknown. */
export function tokenUpdateFrame(id: string, address: string, priceUsd: number, asOf: number) {
  return {
    type: "event" as const,
    id,
    channel: "token-updates" as const,
    kind: "update" as const,
    meta: { asOf },
    data: {
      chain: "evm:8453" as const,
      address,
      priceUsd,
      priceNative: 1,
      marketCapUsd: 1,
      liquidityUsd: 1,
      bondingProgress: null,
      migrated: false,
      graduatedAt: null,
      volume24hUsd: null,
      priceChange1hPct: null,
      priceChange24hPct: null,
      txns24h: null,
      buys24h: null,
      sells24h: null,
      updatedAt: asOf,
    },
  };
}

/** A trades event frame for subscription `id`. */
export function tradesFrame(id: string, rows: TokenTrade[], asOf: number) {
  return { type: "event" as const, id, channel: "trades" as const, kind: "trades" as const, meta: { asOf }, data: rows };
}
