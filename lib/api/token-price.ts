import type { TokenPrice, TokenUpdate } from "./schemas";

/** §4.2: a token's price row is these fields of its live update (the same projection in the service and the browser). */
export function tokenPriceOf(u: TokenUpdate): TokenPrice {
  const { chain, address, priceUsd, priceNative, marketCapUsd, liquidityUsd, priceChange24hPct, updatedAt } = u;
  return { chain, address, priceUsd, priceNative, marketCapUsd, liquidityUsd, priceChange24hPct, updatedAt };
}
