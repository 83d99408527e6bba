import type { NativePrice } from "@/lib/api/core";

// Which native coins the header shows, in what order: one entry per symbol (ETH once, from Ethereum mainnet).

export const TICKER_ORDER = [
  "solana",
  "evm:1",
  "evm:56",
  "evm:137",
  "evm:43114",
  "evm:999",
  "evm:5000",
  "evm:146",
  "evm:80094",
];
/** Older than this without the service saying so still reads as stale (the feed refreshes every few seconds). */
export const TICKER_STALE_AFTER_MS = 120_000;

export interface TickerItem {
  chain: string;
  symbol: string;
  priceUsd: number;
  updatedAt: number;
  stale: boolean;
}

export function tickerItems(
  data: Record<string, NativePrice> | undefined,
  nowMs: number,
  degraded = false,
  max = 6,
): TickerItem[] {
  if (!data) return [];
  const chains = [...TICKER_ORDER, ...Object.keys(data).sort()];
  const seen = new Set<string>();
  const out: TickerItem[] = [];
  for (const chain of chains) {
    const p = Object.hasOwn(data, chain) ? data[chain] : undefined;
    if (!p || seen.has(p.symbol) || !Number.isFinite(p.priceUsd)) continue;
    seen.add(p.symbol);
    const old = nowMs - p.updatedAt > TICKER_STALE_AFTER_MS;
    out.push({
      chain,
      symbol: p.symbol,
      priceUsd: p.priceUsd,
      updatedAt: p.updatedAt,
      stale: p.stale || degraded || old,
    });
    if (out.length === max) break;
  }
  return out;
}
