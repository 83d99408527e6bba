import type { EndpointId } from "./endpoints";

// The endpoint registry's routes without its schemas: what the browser needs to call one (method, path) and how long
// its answer stays fresh (the registry's cache TTL). lib/api/routes.test.ts holds this table equal to the registry.

export interface EndpointRoute {
  method: "GET" | "POST";
  path: string;
  /** The registry's `cache.ttlMs`: the browser keeps an answer fresh about as long as the proxy does. */
  ttlMs: number;
  /** The registry's `cache.swrMs`: how long past its fresh time the proxy may still hand a cached answer back. */
  swrMs: number;
}

export const ENDPOINT_ROUTES: { readonly [K in EndpointId]: EndpointRoute } = {
  search: { method: "GET", path: "/v1/search", ttlMs: 15_000, swrMs: 60_000 },
  walletTrades: { method: "GET", path: "/v1/wallet/trades", ttlMs: 5_000, swrMs: 5_000 },
  tokenTrades: { method: "GET", path: "/v1/token/trades", ttlMs: 2_000, swrMs: 5_000 },
  tokenTradesByMakers: { method: "POST", path: "/v1/token/trades", ttlMs: 2_000, swrMs: 5_000 },
  pulse: { method: "GET", path: "/v1/pulse", ttlMs: 2_000, swrMs: 5_000 },
  ohlcv: { method: "GET", path: "/v1/token/ohlcv", ttlMs: 2_000, swrMs: 5_000 },
  walletProfileBatch: { method: "POST", path: "/v1/wallet/profile", ttlMs: 15_000, swrMs: 60_000 },
  walletProfile: { method: "GET", path: "/v1/wallet/profile", ttlMs: 15_000, swrMs: 60_000 },
  walletPositions: { method: "GET", path: "/v1/wallet/positions", ttlMs: 2_000, swrMs: 5_000 },
  walletPnl: { method: "GET", path: "/v1/wallet/pnl", ttlMs: 15_000, swrMs: 60_000 },
  walletFunding: { method: "GET", path: "/v1/wallet/funding", ttlMs: 3_600_000, swrMs: 86_400_000 },
  chains: { method: "GET", path: "/v1/meta/chains", ttlMs: 3_600_000, swrMs: 86_400_000 },
  nativePrices: { method: "GET", path: "/v1/prices/native", ttlMs: 3_000, swrMs: 10_000 },
  sparklines: { method: "POST", path: "/v1/token/sparklines", ttlMs: 15_000, swrMs: 60_000 },
  token: { method: "GET", path: "/v1/token", ttlMs: 2_000, swrMs: 5_000 },
  tokenBatch: { method: "POST", path: "/v1/token", ttlMs: 2_000, swrMs: 5_000 },
  tokenPrice: { method: "GET", path: "/v1/token/price", ttlMs: 2_000, swrMs: 5_000 },
  tokenPriceBatch: { method: "POST", path: "/v1/token/price", ttlMs: 2_000, swrMs: 5_000 },
  tokenPools: { method: "GET", path: "/v1/token/pools", ttlMs: 15_000, swrMs: 60_000 },
  tokenStats: { method: "GET", path: "/v1/token/stats", ttlMs: 2_000, swrMs: 5_000 },
  tokenHolders: { method: "GET", path: "/v1/token/holders", ttlMs: 15_000, swrMs: 60_000 },
  tokenMetadata: { method: "GET", path: "/v1/token/metadata", ttlMs: 15_000, swrMs: 60_000 },
  tokenSecurity: { method: "GET", path: "/v1/token/security", ttlMs: 15_000, swrMs: 60_000 },
  tokenSecurityBatch: { method: "POST", path: "/v1/token/security", ttlMs: 15_000, swrMs: 60_000 },
  factories: { method: "GET", path: "/v1/meta/factories", ttlMs: 3_600_000, swrMs: 86_400_000 },
};
