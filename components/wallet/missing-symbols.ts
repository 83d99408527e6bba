import type { ChainId } from "@/lib/api/core";

/** At most this many tokens are looked up per batch call (§4.14 batches take up to 100; one credit per item). */
export const SYMBOL_BATCH_MAX = 100;

/**
 * EVM wallet rows carry no symbol (§2.2): token addresses seen in the rows that the known symbols (positions, earlier
 * lookups) lack, first seen first, deduplicated, at most SYMBOL_BATCH_MAX.
 */
export function missingSymbols(
  chain: ChainId,
  rows: readonly { tokenAddress: string; tokenSymbol?: string }[],
  known: ReadonlyMap<string, string>,
): string[] {
  if (chain === "solana") return [];
  const out = new Set<string>();
  for (const r of rows) {
    if (out.size >= SYMBOL_BATCH_MAX) break;
    if (r.tokenSymbol === undefined && !known.has(r.tokenAddress)) out.add(r.tokenAddress);
  }
  return [...out];
}
