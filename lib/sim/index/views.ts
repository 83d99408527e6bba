import {
  type PulseToken,
  type SearchResult,
  type TokenDetail,
  type TokenPool,
  type TokenPrice,
  type TokenUpdate,
  tokenPriceOf,
} from "@/lib/api";
import { hash32 } from "../engine/rng";
import { decimalString, sig } from "./decimal";
import { type IndexedPool, type IndexedToken, poolLiquidityNative, rankPools, tokenLiquidityNative } from "./state";
import { priceChangePct, windowTotals } from "./stats";
import type { WalletIndex } from "./wallet-index";

// Resource builders: the §2 and §4.14 shapes from index state. `null` where a figure is unknown.

export interface ViewCtx {
  now: number;
  nativeUsd(chain: string): number;
  nativeStale(chain: string): boolean;
  wallets: WalletIndex;
}

const H = 3600_000;

/** DEX listing paid: off-chain, stable per token (graduated launches pay a third of the time). */
export function dexPaid(t: IndexedToken): boolean {
  if (!t.factory) return true;
  return t.migrated && hash32(`dexpaid:${t.address}`) % 3 === 0;
}

/** §1.9 "never invented": a token without a pool has no price, liquidity or pool to show; search skips it. */
export function searchable(t: IndexedToken): t is IndexedToken & { pricing: IndexedPool } {
  return t.pricing !== null;
}

export function searchResult(t: IndexedToken & { pricing: IndexedPool }, v: ViewCtx, nameRank: number): SearchResult {
  const usd = v.nativeUsd(t.chain);
  const pool = t.pricing;
  const price = pool.priceNative;
  const day = windowTotals(t.pools, Math.floor((v.now - 24 * H) / 1000));
  return {
    chain: t.chain,
    address: t.address,
    name: t.name,
    symbol: t.symbol,
    nameRank,
    priceUsd: sig(price * usd),
    liquidityUsd: sig(tokenLiquidityNative(t) * usd, 8),
    marketCapUsd: sig(price * usd * t.totalSupply, 8),
    volume24hUsd: sig(day.volumeUsd, 8),
    priceChange1hPct: priceChangePct(t, t.pools, v.now, H),
    priceChange24hPct: priceChangePct(t, t.pools, v.now, 24 * H),
    pool: { address: pool.address, type: pool.type, factory: pool.factory },
    iconUrl: t.meta.iconUrl,
    createdAt: t.createdAt,
  };
}

/** The pool a launchpad entry shows (the pricing pool, else its curve); views only hold tokens that have one. */
export function listedPool(t: IndexedToken): IndexedPool | null {
  return t.pricing ?? t.curvePool;
}

export function pulseEntry(t: IndexedToken, v: ViewCtx): PulseToken {
  const usd = v.nativeUsd(t.chain);
  const pool = listedPool(t);
  // pulse.ts admits a token to a view only with a pool and a known bonding progress (no placeholders)
  if (!pool || t.bondingProgress === null) throw new Error(`pulse entry without a pool: ${t.chain}:${t.address}`);
  const price = pool.priceNative;
  const liq = tokenLiquidityNative(t);
  const creator = v.wallets.profile(t.creator);
  return {
    chain: t.chain,
    address: t.address,
    name: t.name,
    symbol: t.symbol,
    nameRank: t.nameRank,
    totalSupply: decimalString(t.totalSupply),
    priceNative: decimalString(price),
    priceUsd: sig(price * usd),
    marketCapUsd: sig(price * usd * t.totalSupply, 8),
    liquidityNative: decimalString(liq),
    liquidityUsd: sig(liq * usd, 8),
    pool: {
      address: pool.address,
      type: pool.type,
      factory: pool.factory,
      quoteAddress: pool.quoteAddress,
      quoteSymbol: pool.quoteSymbol,
    },
    bondingProgress: sig(t.bondingProgress, 6),
    migrated: t.migrated,
    createdAt: t.createdAt,
    graduatedAt: t.graduatedAt,
    ageSeconds: Math.max(0, Math.floor((v.now - t.createdAt) / 1000)),
    txns: t.txns,
    buys: t.buys,
    sells: t.sells,
    volumeUsd: sig(t.volumeUsd, 8),
    feesUsd: sig(t.feesUsd, 8),
    metadata: {
      iconUrl: t.meta.iconUrl,
      websiteUrl: t.meta.websiteUrl,
      twitterUrl: t.meta.twitterUrl,
      telegramUrl: t.meta.telegramUrl,
      dexPaid: dexPaid(t),
    },
    creator: {
      address: t.creator,
      displayName: creator?.displayName ?? null,
      avatarUrl: creator?.avatarUrl ?? null,
      ensName: creator?.ensName ?? null,
    },
  };
}

/**
 * §1.5: while the chain's native price feed is stale, USD figures that depend on it are unknown (null) and the
 * response carries `meta.degraded` (see `degradedMeta`); native figures and trade-time USD volumes stay.
 */
export function tokenUpdate(t: IndexedToken, v: ViewCtx): TokenUpdate {
  const usd = v.nativeStale(t.chain) ? null : v.nativeUsd(t.chain);
  const price = t.pricing?.priceNative ?? null;
  const day = windowTotals(t.pools, Math.floor((v.now - 24 * H) / 1000));
  return {
    chain: t.chain,
    address: t.address,
    priceUsd: price === null || usd === null ? null : sig(price * usd),
    priceNative: price === null ? null : sig(price),
    marketCapUsd: price === null || usd === null ? null : sig(price * usd * t.totalSupply, 8),
    liquidityUsd: usd === null ? null : sig(tokenLiquidityNative(t) * usd, 8),
    bondingProgress: t.bondingProgress === null ? null : sig(t.bondingProgress, 6),
    migrated: t.migrated,
    graduatedAt: t.graduatedAt,
    volume24hUsd: sig(day.volumeUsd, 8),
    priceChange1hPct: priceChangePct(t, t.pools, v.now, H),
    priceChange24hPct: priceChangePct(t, t.pools, v.now, 24 * H),
    txns24h: day.txns,
    buys24h: day.buys,
    sells24h: day.sells,
    updatedAt: t.updatedAt,
  };
}

export function tokenDetail(t: IndexedToken, v: ViewCtx): TokenDetail {
  const pool = t.pricing;
  return {
    ...tokenUpdate(t, v),
    name: t.name,
    symbol: t.symbol,
    decimals: t.decimals,
    totalSupply: decimalString(t.totalSupply),
    iconUrl: t.meta.iconUrl,
    createdAt: t.createdAt,
    deployer: t.creator,
    quoteSymbol: pool ? pool.quoteSymbol : null,
    pool: pool ? { address: pool.address, type: pool.type, factory: pool.factory } : null,
    launchpad: t.factory
      ? {
          factory: t.factory.address,
          launchpad: t.factory.name,
          bondingProgress: t.bondingProgress === null ? null : sig(t.bondingProgress, 6),
          migrated: t.migrated,
          graduatedAt: t.graduatedAt,
        }
      : null,
  };
}

export function tokenPrice(t: IndexedToken, v: ViewCtx): TokenPrice {
  return tokenPriceOf(tokenUpdate(t, v));
}

/** §1.5: a token detail with a figure the index does not know yet (no pricing pool, no bonding progress). */
export function detailUnknown(t: IndexedToken): boolean {
  return t.pricing === null || (t.factory !== null && t.bondingProgress === null);
}

/** `meta.degraded` when a USD figure was withheld because the chain's native price is stale. */
export function degradedMeta(v: ViewCtx, chains: Iterable<string>): { degraded?: true } {
  for (const c of chains) if (v.nativeStale(c)) return { degraded: true };
  return {};
}

export function tokenPools(t: IndexedToken, v: ViewCtx, limit: number): TokenPool[] {
  const usd = v.nativeUsd(t.chain);
  const stale = v.nativeStale(t.chain);
  const from = Math.floor((v.now - 24 * H) / 1000);
  return rankPools(t)
    .slice(0, limit)
    .map((p, i) => ({
      chain: t.chain,
      address: p.address,
      rank: i + 1,
      type: p.type,
      factory: p.factory,
      quoteAddress: p.quoteAddress,
      quoteSymbol: p.quoteSymbol,
      liquidityUsd: stale ? null : sig(poolLiquidityNative(p) * usd, 8),
      volume24hUsd: sig(windowTotals([p], from).volumeUsd, 8),
      priceUsd: p.priceNative > 0 && !stale ? sig(p.priceNative * usd) : null,
      createdAt: p.createdAt,
    }));
}
