import "./zod-setup";
import { z } from "zod";

export * from "./constants";
export { tokenPriceOf } from "./token-price";

// §2 resources. Field names camelCase; `*At` are unix ms except candle `time` (unix s). null = unknown.
const int = () => z.number().int();
const decimalString = () => z.string().regex(/^-?\d+(\.\d+)?$/, "decimal string");
const nullableStr = () => z.string().nullable();

export const searchResultSchema = z.object({
  chain: z.string(),
  address: z.string(),
  name: z.string(),
  symbol: z.string(),
  nameRank: int(),
  priceUsd: z.number(),
  liquidityUsd: z.number(),
  marketCapUsd: z.number(),
  volume24hUsd: z.number().nullable(),
  priceChange1hPct: z.number().nullable(),
  priceChange24hPct: z.number().nullable(),
  pool: z.object({ address: z.string(), type: z.string(), factory: z.string().nullable() }),
  iconUrl: nullableStr(),
  createdAt: int(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

const walletTradeCommon = {
  at: int(),
  chain: z.string(),
  tokenAddress: z.string(),
  isBuy: z.boolean(),
  amountToken: z.number(),
  volumeUsd: z.number(),
  txHash: z.string(),
};
export const walletTradeEvmSchema = z.object({
  ...walletTradeCommon,
  priceNative: z.number(),
  volumeNative: z.number(),
  block: int(),
  logIndex: int(),
});
export const walletTradeSolanaSchema = z.object({
  ...walletTradeCommon,
  tokenSymbol: z.string(),
  priceUsd: z.number(),
  maker: z.string(),
});
export const walletTradeSchema = z.union([walletTradeEvmSchema, walletTradeSolanaSchema]);
export type WalletTradeEvm = z.infer<typeof walletTradeEvmSchema>;
export type WalletTradeSolana = z.infer<typeof walletTradeSolanaSchema>;
export type WalletTrade = WalletTradeEvm | WalletTradeSolana;

export const tokenTradeSchema = z.object({
  at: int(),
  maker: z.string(),
  isBuy: z.boolean(),
  amountToken: z.number(),
  amountQuote: z.number(),
  priceNative: z.number(),
  volumeNative: z.number(),
  volumeUsd: z.number(),
  isProTrader: z.boolean(),
  isSniper: z.boolean(),
  preconfirmed: z.boolean(),
  txHash: z.string(),
  block: int(),
  logIndex: int(),
  isWash: z.boolean().optional(), // §2.3: present on Solana rows
  // include=traderTxCounts (our shape): the maker's buys/sells of this token so far
  traderTxCounts: z.object({ buys: int(), sells: int() }).optional(),
});
export type TokenTrade = z.infer<typeof tokenTradeSchema>;
export type TradeKey = Pick<TokenTrade, "txHash" | "block" | "logIndex">;

export const pulsePoolSchema = z.object({
  address: z.string(),
  type: z.string(),
  factory: z.string(),
  quoteAddress: z.string(),
  quoteSymbol: z.string(),
});
export const pulseTokenSchema = z.object({
  chain: z.string(),
  address: z.string(),
  name: z.string(),
  symbol: z.string(),
  nameRank: int(),
  totalSupply: decimalString(),
  priceNative: decimalString(),
  priceUsd: z.number(),
  marketCapUsd: z.number(),
  liquidityNative: decimalString(),
  liquidityUsd: z.number(),
  pool: pulsePoolSchema,
  bondingProgress: z.number(),
  migrated: z.boolean(),
  createdAt: int(),
  graduatedAt: int().nullable(),
  ageSeconds: int(),
  txns: int(),
  buys: int(),
  sells: int(),
  volumeUsd: z.number(),
  feesUsd: z.number(),
  metadata: z.object({
    iconUrl: nullableStr(),
    websiteUrl: nullableStr(),
    twitterUrl: nullableStr(),
    telegramUrl: nullableStr(),
    dexPaid: z.boolean(),
  }),
  creator: z.object({
    address: z.string(),
    displayName: nullableStr(),
    avatarUrl: nullableStr(),
    ensName: nullableStr(),
  }),
});
export type PulseToken = z.infer<typeof pulseTokenSchema>;

export const candleSchema = z.object({
  time: int(), // unix seconds, bucket start
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: z.number(),
});
export type Candle = z.infer<typeof candleSchema>;

export const walletProfileSchema = z.object({
  address: z.string(),
  displayName: nullableStr(),
  avatarUrl: nullableStr(),
  ensName: nullableStr(),
  basename: nullableStr(),
  solName: nullableStr(),
  bio: nullableStr(),
  socials: z.record(z.string(), z.string()),
  followerCounts: z.record(z.string(), int()),
  sources: z.array(z.string()),
  identityGroup: z.string(),
  isProTrader: z.boolean(),
});
export type WalletProfile = z.infer<typeof walletProfileSchema>;

export const walletPositionSchema = z.object({
  chain: z.string(),
  address: z.string(),
  symbol: z.string(),
  name: z.string(),
  amount: decimalString(),
  amountUsd: z.number(),
  entryPriceUsd: z.number(),
  currentPriceUsd: z.number(),
  realizedPnlUsd: z.number(),
  unrealizedPnlUsd: z.number(),
  totalPnlUsd: z.number(),
  buys: int(),
  sells: int(),
  firstTradeAt: int(),
  lastTradeAt: int(),
});
export type WalletPosition = z.infer<typeof walletPositionSchema>;

export const walletPnlSchema = z.object({
  usdBasis: z.enum(["spot", "trade"]),
  history: z.array(z.object({ at: int(), realizedPnlUsd: z.number(), trades: int() })),
  summary: z.object({ realizedPnlUsd: z.number(), winRate: z.number(), trades: int(), wins: int(), losses: int() }),
});
export type WalletPnl = z.infer<typeof walletPnlSchema>;

export const walletFundingSchema = z.object({
  chain: z.string(),
  funder: z.string(),
  fundedAt: int(),
  txHash: z.string(),
  amountNative: z.string().regex(/^\d+$/, "integer string"),
  funderTag: nullableStr(),
});
export type WalletFunding = z.infer<typeof walletFundingSchema>;

export const chainSchema = z.object({
  chain: z.string(),
  name: z.string(),
  slug: z.string(),
  family: z.string(),
  nativeSymbol: z.string(),
  status: z.string(),
});
export type Chain = z.infer<typeof chainSchema>;

export const nativePriceSchema = z.object({
  symbol: z.string(),
  priceUsd: z.number(),
  source: z.string(),
  stale: z.boolean(),
  updatedAt: int(),
});
export type NativePrice = z.infer<typeof nativePriceSchema>;

// ---- §4.14: shapes not shown by the spec; these are our documented choices ----

export const launchpadBlockSchema = z.object({
  factory: z.string(),
  launchpad: z.string(), // display name of the launchpad
  bondingProgress: z.number().nullable(), // null = not known yet (with meta.degraded)
  migrated: z.boolean(),
  graduatedAt: int().nullable(),
});
export type LaunchpadBlock = z.infer<typeof launchpadBlockSchema>;

/** The mutable subset pushed by the `token-updates` channel (§6). */
export const tokenUpdateSchema = z.object({
  chain: z.string(),
  address: z.string(),
  priceUsd: z.number().nullable(),
  priceNative: z.number().nullable(),
  marketCapUsd: z.number().nullable(),
  liquidityUsd: z.number().nullable(),
  bondingProgress: z.number().nullable(),
  migrated: z.boolean(),
  graduatedAt: int().nullable(),
  volume24hUsd: z.number().nullable(),
  priceChange1hPct: z.number().nullable(),
  priceChange24hPct: z.number().nullable(),
  txns24h: int().nullable(),
  buys24h: int().nullable(),
  sells24h: int().nullable(),
  updatedAt: int(),
});
export type TokenUpdate = z.infer<typeof tokenUpdateSchema>;

export const tokenDetailSchema = tokenUpdateSchema.extend({
  name: z.string(),
  symbol: z.string(),
  decimals: int(),
  totalSupply: decimalString(),
  iconUrl: nullableStr(),
  createdAt: int(),
  deployer: nullableStr(),
  quoteSymbol: nullableStr(), // null = no pricing pool known yet (with meta.degraded)
  pool: z.object({ address: z.string(), type: z.string(), factory: z.string().nullable() }).nullable(),
  launchpad: launchpadBlockSchema.nullable(),
});
export type TokenDetail = z.infer<typeof tokenDetailSchema>;

/** §4.2: a token's price row is these fields of its live update (the same projection in the service and the browser). */
export const tokenPriceSchema = tokenUpdateSchema.pick({
  chain: true,
  address: true,
  priceUsd: true,
  priceNative: true,
  marketCapUsd: true,
  liquidityUsd: true,
  priceChange24hPct: true,
  updatedAt: true,
});
export type TokenPrice = z.infer<typeof tokenPriceSchema>;

export const tokenPoolSchema = z.object({
  chain: z.string(),
  address: z.string(),
  rank: int(), // 1 = the pool used for pricing
  type: z.string(),
  factory: z.string().nullable(),
  quoteAddress: z.string(),
  quoteSymbol: z.string(),
  liquidityUsd: z.number().nullable(), // null while the native price is stale (§1.5)
  volume24hUsd: z.number(),
  priceUsd: z.number().nullable(),
  createdAt: int(),
});
export type TokenPool = z.infer<typeof tokenPoolSchema>;

export const statsWindowSchema = z.object({
  volumeUsd: z.number(),
  buyVolumeUsd: z.number(),
  sellVolumeUsd: z.number(),
  txns: int(),
  buys: int(),
  sells: int(),
  makers: int().nullable(), // null when the window reaches back before the service knew every maker
  priceChangePct: z.number().nullable(),
  organicTxns: int().nullable(), // Solana: wash-filtered counts; null elsewhere
  organicVolumeUsd: z.number().nullable(),
});
export type TokenStatsWindow = z.infer<typeof statsWindowSchema>;
export const tokenStatsSchema = z.object({
  chain: z.string(),
  address: z.string(),
  pools: z.array(z.string()).nullable(), // null = token-wide
  windows: z.record(z.string(), statsWindowSchema),
});

export const tokenHolderSchema = z.object({
  address: z.string(),
  amount: decimalString(),
  sharePct: z.number(),
  label: nullableStr(), // e.g. "pool", "creator", "burn"
});
export type TokenHolder = z.infer<typeof tokenHolderSchema>;

export const tokenMetadataSchema = z.object({
  chain: z.string(),
  address: z.string(),
  description: nullableStr(),
  iconUrl: nullableStr(),
  websiteUrl: nullableStr(),
  twitterUrl: nullableStr(),
  telegramUrl: nullableStr(),
  discordUrl: nullableStr(),
  dexPaid: z.boolean(),
});
export type TokenMetadata = z.infer<typeof tokenMetadataSchema>;

/** Tri-state: true (authority present), false (renounced), null (unknown — never shown as safe). */
export const tokenSecuritySchema = z.object({
  chain: z.string(),
  address: z.string(),
  mintAuthority: z.boolean().nullable(),
  freezeAuthority: z.boolean().nullable(),
  checkedAt: int().nullable(), // null = never checked (with meta.degraded)
});
export type TokenSecurity = z.infer<typeof tokenSecuritySchema>;

export const factorySchema = z.object({
  chain: z.string(),
  address: z.string(),
  name: z.string(), // launchpad display name
  slug: z.string(),
  poolType: z.string(),
  bondingThresholdNative: z.number(),
  migratesTo: z.string(),
});
export type Factory = z.infer<typeof factorySchema>;

// §7.4 batch slot: success `{ data }` or failure `{ error: { code, message } }`, input order kept.
export const batchErrorSlotSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
export function batchSlotSchema<T extends z.ZodType>(item: T) {
  return z.union([z.object({ data: item }), batchErrorSlotSchema]);
}
export type BatchSlot<T> = { data: T } | { error: { code: string; message: string } };
