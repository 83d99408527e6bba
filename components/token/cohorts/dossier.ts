import type { BatchSlot, TokenDetail, WalletTrade } from "@/lib/api/core";

// The dev dossier, pure: the deployer's other launches (tokens it deployed among those it traded), graduated or
// not, peak market cap from the launch's sparkline, and how long after each launch the dev first sold.

/** Other launches looked up per dossier (each costs a token detail and a sparkline pool). */
export const MAX_OTHER_LAUNCHES = 8;

export interface Launch {
  chain: string;
  address: string;
  symbol: string;
  createdAt: number;
  graduated: boolean;
  pool: string | null;
  /** ms from creation to the dev's first sell seen; null if none seen. */
  firstSellAfterMs: number | null;
  /** Peak market cap (USD) from sparkline closes at today's native price; null when unknown. */
  peakMcapUsd: number | null;
  mcapUsd: number | null;
}

/** Tokens the dev traded, newest first, other than `current`, at most MAX_OTHER_LAUNCHES. */
export function tradedTokens(trades: readonly WalletTrade[], current: string): string[] {
  const out: string[] = [];
  for (const t of [...trades].sort((a, b) => b.at - a.at)) {
    if (t.tokenAddress === current || out.includes(t.tokenAddress)) continue;
    out.push(t.tokenAddress);
    if (out.length >= MAX_OTHER_LAUNCHES) break;
  }
  return out;
}

export function buildLaunches(
  dev: string,
  trades: readonly WalletTrade[],
  slots: readonly BatchSlot<TokenDetail>[],
  sparks: Readonly<Record<string, readonly number[]>>,
): Launch[] {
  const out: Launch[] = [];
  for (const slot of slots) {
    if (!("data" in slot)) continue;
    const d = slot.data;
    if (d.deployer !== dev) continue;
    const sells = trades.filter((t) => t.tokenAddress === d.address && !t.isBuy && t.at >= d.createdAt);
    const first = sells.reduce<number | null>((m, t) => (m === null || t.at < m ? t.at : m), null);
    const closes = d.pool ? (sparks[d.pool.address] ?? []) : [];
    const peakNative = closes.length ? Math.max(...closes) : null;
    const usdPerNative = d.priceUsd !== null && d.priceNative ? d.priceUsd / d.priceNative : null;
    const supply = Number(d.totalSupply);
    out.push({
      chain: d.chain,
      address: d.address,
      symbol: d.symbol,
      createdAt: d.createdAt,
      graduated: d.launchpad?.migrated ?? d.graduatedAt !== null,
      pool: d.pool?.address ?? null,
      firstSellAfterMs: first === null ? null : first - d.createdAt,
      peakMcapUsd:
        peakNative !== null && usdPerNative !== null && supply > 0
          ? Math.max(peakNative * supply * usdPerNative, d.marketCapUsd ?? 0)
          : null,
      mcapUsd: d.marketCapUsd,
    });
  }
  return out.sort((a, b) => b.createdAt - a.createdAt);
}
