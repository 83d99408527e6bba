import "./zod-setup";
import { z } from "zod";
import { canonicalAddress } from "./address";
import { parseChainId } from "./chains";
import {
  addressParam, chainParam, csvParam, enumParam, intParam, numberParam, type ParamSpec, type ParsedParams, stringParam,
} from "./params";
import {
  batchSlotSchema, candleSchema, chainSchema, factorySchema, INTERVAL_SECONDS, nativePriceSchema, OHLCV_INTERVALS, PNL_PERIODS, PULSE_VIEWS,
  pulseTokenSchema, searchResultSchema, STATS_WINDOWS, tokenDetailSchema, tokenHolderSchema, tokenMetadataSchema,
  tokenPoolSchema, tokenPriceSchema, tokenSecuritySchema, tokenStatsSchema, tokenTradeSchema, walletFundingSchema,
  walletPnlSchema, walletPositionSchema, walletProfileSchema, walletTradeSchema,
} from "./schemas";
import { PRECONFIRM_TTL_MS } from "./stream";

// The endpoint registry: the spec's §4 and §8 in one table, shared by the embedded service, the proxy and the browser.

export interface CachePolicy {
  /** Fresh for this long. */
  ttlMs: number;
  /** Then served stale while one refresh runs. */
  swrMs: number;
  /** Served (flagged degraded) for this long when the upstream fails. */
  staleIfErrorMs: number;
  /** True when the response (`envelope`, parsed) for this input can never change (closed history). */
  immutable?: (input: EndpointInput, nowMs: number, envelope: unknown) => boolean;
}

export interface EndpointInput {
  query: Record<string, unknown>;
  body: unknown;
}

export interface EndpointDef {
  id: string;
  method: "GET" | "POST";
  path: string;
  summary: string;
  query: ParamSpec;
  body?: z.ZodType;
  /** Cross-field rules after each parameter is valid; returns the offending param and message. */
  refine?: (input: EndpointInput) => { param: string; message: string } | null;
  credits: (input: EndpointInput) => number;
  /** §7.4: the body's `items` are token references; one that names no token is answered in its own slot. */
  tokenRefItems?: true;
  cache: CachePolicy;
  data: z.ZodType;
  meta: z.ZodType;
}

const SEC = 1000;
const MIN = 60 * SEC;
const cacheShort: CachePolicy = { ttlMs: 2 * SEC, swrMs: 5 * SEC, staleIfErrorMs: 5 * MIN };
const cacheMedium: CachePolicy = { ttlMs: 15 * SEC, swrMs: 60 * SEC, staleIfErrorMs: 30 * MIN };
const cacheLong: CachePolicy = { ttlMs: 60 * MIN, swrMs: 24 * 60 * MIN, staleIfErrorMs: 7 * 24 * 60 * MIN };

const metaBase = { asOf: z.number().int(), degraded: z.boolean().optional(), staleAgeMs: z.number().optional() };
const meta = <T extends z.ZodRawShape = Record<never, never>>(extra: T = {} as T) => z.looseObject({ ...metaBase, ...extra });

// Bodies come out canonical (chain ids, lowercase EVM addresses) like query values: equal requests share one cache
// entry and one upstream call whatever the case a caller wrote.
const chainBody = z.string().refine((s) => parseChainId(s) !== null, "must be evm:<chain id> or solana").transform((s) => parseChainId(s) as string);
const chainBodyAlias = z
  .string()
  .refine((s) => parseChainId(s, { allowSolanaAlias: true }) !== null, "must be evm:<chain id>, solana or solana:solana")
  .transform((s) => parseChainId(s, { allowSolanaAlias: true }) as string);
const addressBody = z
  .string()
  .refine((s) => canonicalAddress(s) !== null, "must be an EVM hex or Solana base58 address")
  .transform((s) => canonicalAddress(s) as string);
/** A set of addresses (pools, makers): canonical, each once, in first-seen order. */
const addressSetBody = (max: number) => z.array(addressBody).min(1).max(max).transform((list) => [...new Set(list)]);
/**
 * §7.4: a token batch item that is not a valid reference is reported in its own slot, not by failing the batch
 * (`parseTokenRef`). Items are canonical when they can be (shared cache keys), else kept as written for their slot.
 */
const tokenBatchItem = z.strictObject({
  chain: z.string().min(1).max(64).transform((s) => parseChainId(s) ?? s),
  address: z.string().min(1).max(128).transform((s) => canonicalAddress(s) ?? s),
});

/** The address params named must belong to the chain's family. */
function sameFamily(...params: string[]) {
  return (input: EndpointInput) => {
    const chain = input.query.chain as string | undefined;
    if (!chain) return null;
    const sol = chain === "solana";
    for (const p of params) {
      const v = input.query[p];
      const list = Array.isArray(v) ? v : v === undefined ? [] : [v];
      for (const a of list as string[]) {
        if (sol !== !a.startsWith("0x")) return { param: p, message: `address does not belong to chain ${chain}` };
      }
    }
    return null;
  };
}
function allRules(...rules: EndpointDef["refine"][]) {
  return (input: EndpointInput) => {
    for (const r of rules) {
      const e = r?.(input);
      if (e) return e;
    }
    return null;
  };
}
const perCall = (n: number) => (_input: EndpointInput) => n;
const perItem = (input: EndpointInput) => ((input.body as { items?: unknown[] }).items ?? []).length;

const tokenRef = { chain: chainParam().required(), address: addressParam().required() };
const walletRef = { chain: chainParam().required(), wallet: addressParam().required() };
const poolsParam = csvParam(addressParam().required(), 1, 50, "pool addresses");

const tradeFilters = {
  limit: intParam(1, 500).withDefault(100),
  cursor: stringParam(1, 512).optional(),
  include: csvParam(enumParam(["traderTxCounts"] as const).required(), 1, 1, "include options").optional(),
  washFilter: enumParam(["washOnly", "organicOnly"] as const).optional(),
  // §4.3 "additional filters exist": our names.
  type: enumParam(["buy", "sell"] as const).optional(),
  minUsd: numberParam(0, 1e15).optional(),
  maxUsd: numberParam(0, 1e15).optional(),
  fromAt: intParam(0, 1e14).optional(),
  toAt: intParam(0, 1e14).optional(),
  maker: addressParam().optional(),
};
const tradeRules = allRules(sameFamily("address", "pools", "maker"), (input) => {
  const q = input.query;
  if (q.washFilter !== undefined && q.chain !== "solana") return { param: "washFilter", message: "washFilter applies to Solana only" };
  if (q.minUsd !== undefined && q.maxUsd !== undefined && (q.minUsd as number) > (q.maxUsd as number))
    return { param: "minUsd", message: "minUsd must not exceed maxUsd" };
  if (q.fromAt !== undefined && q.toAt !== undefined && (q.fromAt as number) > (q.toAt as number))
    return { param: "fromAt", message: "fromAt must not exceed toAt" };
  return null;
});

/** Longest span of one bucket, for immutability: a month bucket can hold 31 days. */
function longestBucketSec(interval: string): number {
  return interval === "1M" ? 31 * 86400 : ((INTERVAL_SECONDS as Record<string, number>)[interval] ?? 300);
}

/** Rows in an envelope's `data` array (a short page may still grow: the newest rows had not arrived). */
function pageLength(envelope: unknown): number | undefined {
  const data = (envelope as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? data.length : undefined;
}

function defineEndpoints<const T extends Record<string, Omit<EndpointDef, "id">>>(defs: T) {
  return Object.fromEntries(Object.entries(defs).map(([id, d]) => [id, { id, ...d }])) as { [K in keyof T]: T[K] & { id: K } };
}

export const endpoints = defineEndpoints({
  search: {
    method: "GET", path: "/v1/search", summary: "Token search by address or text (§4.1)",
    query: { q: stringParam(1, 200).required(), chain: chainParam().optional(), limit: intParam(1, 50).withDefault(12) },
    credits: perCall(5), cache: cacheMedium,
    data: z.array(searchResultSchema), meta: meta(),
  },
  walletTrades: {
    method: "GET", path: "/v1/wallet/trades", summary: "Wallet trade history, newest first (§4.2)",
    query: { ...walletRef, limit: intParam(1, 100).withDefault(50), beforeAt: intParam(0, 1e14).optional() },
    refine: allRules(sameFamily("wallet"), (i) =>
      i.query.beforeAt !== undefined && i.query.chain === "solana" ? { param: "beforeAt", message: "beforeAt applies to EVM chains only" } : null),
    credits: perCall(1), cache: { ...cacheShort, ttlMs: 5 * SEC },
    data: z.array(walletTradeSchema), meta: meta({ oldestAt: z.number().int().nullable().optional() }),
  },
  tokenTrades: {
    method: "GET", path: "/v1/token/trades", summary: "Token trade tape (§4.3)",
    query: { ...tokenRef, pools: poolsParam.required(), ...tradeFilters },
    refine: tradeRules,
    credits: perCall(1), cache: cacheShort,
    data: z.array(tokenTradeSchema), meta: meta({ hasMore: z.boolean(), nextCursor: z.string().nullable() }),
  },
  tokenTradesByMakers: {
    method: "POST", path: "/v1/token/trades", summary: "Token trade tape filtered by up to 2000 makers (§4.3 POST twin)",
    query: {},
    body: z.strictObject({
      chain: chainBody,
      address: addressBody,
      pools: addressSetBody(50),
      makers: addressSetBody(2000),
      limit: z.number().int().min(1).max(500).default(100),
      cursor: z.string().min(1).max(512).optional(),
      washFilter: z.enum(["washOnly", "organicOnly"]).optional(),
      type: z.enum(["buy", "sell"]).optional(),
      fromAt: z.number().int().min(0).optional(),
      toAt: z.number().int().min(0).optional(),
    }),
    credits: perCall(1), cache: cacheShort,
    data: z.array(tokenTradeSchema), meta: meta({ hasMore: z.boolean(), nextCursor: z.string().nullable() }),
  },
  pulse: {
    method: "GET", path: "/v1/pulse", summary: "Launchpad lists: new, bonding, graduated (§4.4)",
    query: {
      view: enumParam(PULSE_VIEWS).required(),
      chains: csvParam(chainParam().required(), 1, 8, "chain ids").required(),
      limit: intParam(1, 100).withDefault(30),
    },
    credits: perCall(1), cache: cacheShort,
    data: z.array(pulseTokenSchema), meta: meta({ view: z.enum(PULSE_VIEWS) }),
  },
  ohlcv: {
    method: "GET", path: "/v1/token/ohlcv", summary: "Candles (§4.5)",
    query: {
      chain: chainParam({ allowSolanaAlias: true }).required(),
      address: addressParam().required(),
      pools: poolsParam.required(),
      interval: enumParam(OHLCV_INTERVALS).withDefault("5m"),
      limit: intParam(1, 500).withDefault(200),
      endTime: intParam(0, 1e11).optional(),
      quote: enumParam(["native", "usd"] as const).withDefault("native"),
    },
    refine: allRules(sameFamily("address", "pools"), (i) =>
      i.query.quote === "usd" && i.query.chain !== "solana" ? { param: "quote", message: "quote=usd applies to Solana only" } : null),
    credits: perCall(5),
    cache: {
      ...cacheShort,
      // §4.5: a historical page is immutable once it is full and its newest bucket has closed for good.
      immutable: (i, now, envelope) => {
        const end = i.query.endTime as number | undefined;
        if (end === undefined) return false;
        const closedAt = (end + longestBucketSec(i.query.interval as string)) * 1000;
        // §3: a preconfirmed swap can still change the last bucket (or vanish from it) until its TTL has passed.
        return closedAt + PRECONFIRM_TTL_MS <= now && pageLength(envelope) === i.query.limit;
      },
    },
    data: z.array(candleSchema),
    meta: meta({
      interval: z.enum(OHLCV_INTERVALS), count: z.number().int(), oldestTime: z.number().int().nullable(),
      newestTime: z.number().int().nullable(), hasMore: z.boolean(), quote: z.enum(["native", "usd"]),
    }),
  },
  walletProfileBatch: {
    method: "POST", path: "/v1/wallet/profile", summary: "Wallet identity profiles, batch (§4.6)",
    query: {},
    body: z.strictObject({ items: z.array(z.strictObject({ address: addressBody })).min(1).max(100) }),
    credits: perItem, cache: cacheMedium,
    data: z.array(z.object({ data: walletProfileSchema.nullable() })), meta: meta(),
  },
  walletProfile: {
    method: "GET", path: "/v1/wallet/profile", summary: "Wallet identity profile with linked wallets (§4.7)",
    query: { address: addressParam().required() },
    credits: perCall(1), cache: cacheMedium,
    data: z.object({ profile: walletProfileSchema.nullable(), linkedWallets: z.array(z.string()) }), meta: meta(),
  },
  walletPositions: {
    method: "GET", path: "/v1/wallet/positions", summary: "Wallet positions with PnL (§4.8)",
    query: walletRef, refine: sameFamily("wallet"),
    credits: perCall(2), cache: cacheShort,
    data: z.array(walletPositionSchema), meta: meta(),
  },
  walletPnl: {
    method: "GET", path: "/v1/wallet/pnl", summary: "Wallet realized PnL curve and summary (§4.9)",
    query: { wallet: addressParam().required(), chain: chainParam().optional(), period: enumParam(PNL_PERIODS).withDefault("30d") },
    refine: (i) => {
      const w = i.query.wallet as string;
      const c = i.query.chain as string | undefined;
      const sol = !w.startsWith("0x");
      if (c === undefined && sol) return { param: "chain", message: "a Solana wallet needs chain=solana" };
      if (c !== undefined && (c === "solana") !== sol) return { param: "wallet", message: `address does not belong to chain ${c}` };
      return null;
    },
    credits: perCall(1), cache: cacheMedium,
    data: walletPnlSchema, meta: meta(),
  },
  walletFunding: {
    method: "GET", path: "/v1/wallet/funding", summary: "First funding of a wallet (§4.10)",
    query: walletRef, refine: sameFamily("wallet"),
    credits: perCall(1), cache: cacheLong,
    data: walletFundingSchema.nullable(), meta: meta(),
  },
  chains: {
    method: "GET", path: "/v1/meta/chains", summary: "Chain metadata (§4.11, free)",
    query: {}, credits: perCall(0), cache: cacheLong,
    data: z.array(chainSchema), meta: meta(),
  },
  nativePrices: {
    method: "GET", path: "/v1/prices/native", summary: "Native coin USD prices (§4.12)",
    query: {}, credits: perCall(1), cache: { ttlMs: 3 * SEC, swrMs: 10 * SEC, staleIfErrorMs: 10 * MIN },
    data: z.record(z.string(), nativePriceSchema), meta: meta(),
  },
  sparklines: {
    method: "POST", path: "/v1/token/sparklines", summary: "Mini price series per pool (§4.13)",
    query: {},
    body: z.strictObject({
      chain: chainBodyAlias,
      pools: addressSetBody(100),
      timeframe: z.enum(["1m", "5m", "30m", "1h", "24h", "7d"]).default("24h"),
    }),
    credits: (i) => ((i.body as { pools?: unknown[] }).pools ?? []).length, cache: cacheMedium,
    data: z.record(z.string(), z.array(z.number())),
    meta: meta({ timeframe: z.string(), quote: z.literal("native") }),
  },
  token: {
    method: "GET", path: "/v1/token", summary: "Token detail (§4.14)",
    query: tokenRef, refine: sameFamily("address"), credits: perCall(1), cache: cacheShort,
    data: tokenDetailSchema, meta: meta(),
  },
  tokenBatch: {
    method: "POST", path: "/v1/token", summary: "Token detail, batch with per-item error slots (§4.14)",
    query: {}, body: z.strictObject({ items: z.array(tokenBatchItem).min(1).max(100) }),
    credits: perItem, tokenRefItems: true, cache: cacheShort,
    data: z.array(batchSlotSchema(tokenDetailSchema)), meta: meta(),
  },
  tokenPrice: {
    method: "GET", path: "/v1/token/price", summary: "Lean token price (§4.14)",
    query: tokenRef, refine: sameFamily("address"), credits: perCall(1), cache: cacheShort,
    data: tokenPriceSchema, meta: meta(),
  },
  tokenPriceBatch: {
    method: "POST", path: "/v1/token/price", summary: "Lean token price, batch (§4.14)",
    query: {}, body: z.strictObject({ items: z.array(tokenBatchItem).min(1).max(100) }),
    credits: perItem, tokenRefItems: true, cache: cacheShort,
    data: z.array(batchSlotSchema(tokenPriceSchema)), meta: meta(),
  },
  tokenPools: {
    method: "GET", path: "/v1/token/pools", summary: "Pools of a token, rank 1 prices it (§4.14)",
    query: { ...tokenRef, limit: intParam(1, 50).withDefault(10) }, refine: sameFamily("address"),
    credits: perCall(1), cache: cacheMedium,
    data: z.array(tokenPoolSchema), meta: meta(),
  },
  tokenStats: {
    method: "GET", path: "/v1/token/stats", summary: "Windowed token stats (§4.14)",
    query: {
      ...tokenRef,
      windows: csvParam(enumParam(STATS_WINDOWS).required(), 1, 4, "windows").withDefault([...STATS_WINDOWS]),
      pools: poolsParam.optional(),
    },
    refine: sameFamily("address", "pools"), credits: perCall(1), cache: cacheShort,
    data: tokenStatsSchema, meta: meta(),
  },
  tokenHolders: {
    method: "GET", path: "/v1/token/holders", summary: "Top holders with supply share (§4.14)",
    query: { ...tokenRef, limit: intParam(1, 100).withDefault(20) }, refine: sameFamily("address"),
    credits: perCall(1), cache: cacheMedium,
    data: z.array(tokenHolderSchema), meta: meta({ holders: z.number().int().nullable() }),
  },
  tokenMetadata: {
    method: "GET", path: "/v1/token/metadata", summary: "Socials, icon, description, dex-paid (§4.14)",
    query: tokenRef, refine: sameFamily("address"), credits: perCall(1), cache: cacheMedium,
    data: tokenMetadataSchema, meta: meta(),
  },
  tokenSecurity: {
    method: "GET", path: "/v1/token/security", summary: "Mint / freeze authority, tri-state (§4.14)",
    query: tokenRef, refine: sameFamily("address"), credits: perCall(1), cache: cacheMedium,
    data: tokenSecuritySchema, meta: meta(),
  },
  tokenSecurityBatch: {
    method: "POST", path: "/v1/token/security", summary: "Mint / freeze authority, batch up to 500 (§4.14)",
    query: {}, body: z.strictObject({ items: z.array(tokenBatchItem).min(1).max(500) }),
    credits: perItem, tokenRefItems: true, cache: cacheMedium,
    data: z.array(batchSlotSchema(tokenSecuritySchema)), meta: meta(),
  },
  factories: {
    method: "GET", path: "/v1/meta/factories", summary: "Launchpad factory registry (§4.14, free)",
    query: { chain: chainParam().optional() }, credits: perCall(0), cache: cacheLong,
    data: z.array(factorySchema), meta: meta(),
  },
});

export type EndpointId = keyof typeof endpoints;
export type Endpoints = typeof endpoints;
export type QueryOf<K extends EndpointId> = ParsedParams<Endpoints[K]["query"]>;
export type BodyOf<K extends EndpointId> = Endpoints[K] extends { body: z.ZodType } ? z.output<Endpoints[K]["body"]> : undefined;
/** A body as a caller may write it (before defaults and canonical forms are applied). */
export type BodyInputOf<K extends EndpointId> = Endpoints[K] extends { body: z.ZodType } ? z.input<Endpoints[K]["body"]> : undefined;
export type DataOf<K extends EndpointId> = z.output<Endpoints[K]["data"]>;
export type MetaOf<K extends EndpointId> = z.output<Endpoints[K]["meta"]>;
export interface Envelope<K extends EndpointId> {
  data: DataOf<K>;
  meta: MetaOf<K>;
}

export const ENDPOINT_LIST: readonly EndpointDef[] = Object.values(endpoints) as EndpointDef[];

const byRoute = new Map<string, EndpointDef>(ENDPOINT_LIST.map((e) => [`${e.method} ${e.path}`, e]));
const knownPaths = new Set(ENDPOINT_LIST.map((e) => e.path));

/** Looks up an endpoint by method and exact path; `pathKnown` tells 405 from 404. */
export function findEndpoint(method: string, path: string): { def: EndpointDef | null; pathKnown: boolean } {
  return { def: byRoute.get(`${method.toUpperCase()} ${path}`) ?? null, pathKnown: knownPaths.has(path) };
}
