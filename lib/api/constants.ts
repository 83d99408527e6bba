// The spec's enumerations and fixed tables, without zod: the schemas build on these, and the browser imports them
// from here (through lib/api/core.ts) so no schema module reaches its bundle.

export const PULSE_VIEWS = ["new", "bonding", "graduated"] as const;
export type PulseView = (typeof PULSE_VIEWS)[number];

export const OHLCV_INTERVALS = ["1s", "5s", "15s", "30s", "1m", "3m", "5m", "15m", "30m", "1h", "2h", "4h", "6h", "12h", "1d", "1w", "1M"] as const;
export type OhlcvInterval = (typeof OHLCV_INTERVALS)[number];
/** Fixed bucket widths in seconds; `1w` buckets start Monday 00:00 UTC, `1M` on the 1st (calendar month). */
export const INTERVAL_SECONDS: Record<OhlcvInterval, number> = {
  "1s": 1, "5s": 5, "15s": 15, "30s": 30, "1m": 60, "3m": 180, "5m": 300, "15m": 900, "30m": 1800,
  "1h": 3600, "2h": 7200, "4h": 14400, "6h": 21600, "12h": 43200, "1d": 86400, "1w": 604800, "1M": 2592000,
};
export type Quote = "native" | "usd";

export const PNL_PERIODS = ["1d", "7d", "30d", "all"] as const;
export type PnlPeriod = (typeof PNL_PERIODS)[number];

export const STATS_WINDOWS = ["5m", "1h", "6h", "24h"] as const;
export type StatsWindow = (typeof STATS_WINDOWS)[number];

/** §6 token-updates: the fields that move (everything of the update but the token's identity). */
export const TOKEN_UPDATE_LIVE_FIELDS = [
  "priceUsd", "priceNative", "marketCapUsd", "liquidityUsd", "bondingProgress", "migrated", "graduatedAt",
  "volume24hUsd", "priceChange1hPct", "priceChange24hPct", "txns24h", "buys24h", "sells24h", "updatedAt",
] as const;

export const COHORT_IDS = ["top10", "dev", "snipers", "bundles", "fresh"] as const;
export type CohortId = (typeof COHORT_IDS)[number];

/** The cohort rules' thresholds, sent with every report so the page states the definitions it applied. */
export const COHORT_RULES = {
  /** A sniper's first buy lands within this long of the token's creation. */
  sniperWindowMs: 5_000,
  /** Trades this long after creation are read as the launch (snipers, bundles). */
  earlyWindowMs: 60_000,
  /** A bundle: at least this many wallets with one first-funding source, buying in one block or slot. */
  bundleMinWallets: 3,
  /** A fresh wallet got its first funding at most this long before its first buy of the token. */
  freshWindowMs: 60 * 60_000,
  /** "Sold X % in the last N minutes" looks back this far. */
  recentWindowMs: 5 * 60_000,
} as const;
