import { z } from "zod";

// GET /api/usage/public: what this site spent of its market-data credits and what caching saved, for a page any
// visitor may read. The operator's full report (/api/usage: upstream calls, breaker, cache, stream internals) is not.

export const endpointCreditsSchema = z.object({
  spent: z.number(),
  savedByCache: z.number(),
  savedByCoalescing: z.number(),
});

/** What the stream gateway's pollers spent (views served by REST beyond the stream budget), when a gateway runs here. */
export const pollingUsageSchema = z.object({
  /** The credits a minute polling may spend now (POLL_CREDITS_PER_MINUTE, less as the day's budget runs low). */
  budgetPerMinute: z.number(),
  /** Spent over the last minute (calls the cache answered cost nothing). */
  lastMinute: z.number(),
  /** Spent since the server started, in all and per stream channel. */
  spent: z.number(),
  byChannel: z.object({ trades: z.number(), ohlcv: z.number(), "token-updates": z.number(), pulse: z.number(), "wallet-trades": z.number() }),
});

export const publicUsageSchema = z.object({
  asOf: z.number(),
  /** UTC day (YYYY-MM-DD) the daily budget counts against. */
  day: z.string(),
  /** null: no daily budget set. */
  budgetPerDay: z.number().nullable(),
  spentToday: z.number(),
  remainingToday: z.number().nullable(),
  spent: z.number(),
  savedByCache: z.number(),
  savedByCoalescing: z.number(),
  /** §8: the stream is billed per upstream connection-minute; 0 when no stream gateway runs in this process. */
  streamConnectionMinutes: z.number(),
  byEndpoint: z.record(z.string(), endpointCreditsSchema),
  /** null: no stream gateway with tiered liveness runs in this process. */
  polling: pollingUsageSchema.nullable(),
});

export type PollingUsage = z.infer<typeof pollingUsageSchema>;

export type PublicUsage = z.infer<typeof publicUsageSchema>;
export const publicUsageEnvelopeSchema = z.object({ data: publicUsageSchema });
