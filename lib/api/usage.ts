import { z } from "zod";

// GET /api/usage/public: what this site spent of its market-data credits and what caching saved, for a page any
// visitor may read. The operator's full report (/api/usage: upstream calls, breaker, cache, stream internals) is not.

export const endpointCreditsSchema = z.object({
  spent: z.number(),
  savedByCache: z.number(),
  savedByCoalescing: z.number(),
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
});

export type PublicUsage = z.infer<typeof publicUsageSchema>;
export const publicUsageEnvelopeSchema = z.object({ data: publicUsageSchema });
