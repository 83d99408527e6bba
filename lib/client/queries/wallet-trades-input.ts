import type { ChainId } from "@/lib/api/core";

/** §4.2 allows at most 100 rows a page. */
export const WALLET_TRADES_MAX_LIMIT = 100;

/** The wallet trades query of a page (server prefetch and browser alike): Solana has no cursor, so one full page. */
export function walletTradesInput(chain: ChainId, wallet: string): { chain: ChainId; wallet: string; limit?: number } {
  return chain === "solana" ? { chain, wallet, limit: WALLET_TRADES_MAX_LIMIT } : { chain, wallet };
}
