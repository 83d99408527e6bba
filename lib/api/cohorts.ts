import { z } from "zod";
import { COHORT_IDS } from "./constants";
import { walletFundingSchema } from "./schemas";

// GET /api/token/cohorts: who holds a token, by behaviour, with the trades and funding records behind each figure.
// Computed by the server from the market-data endpoints; the shape lives here so server and browser share it.

const int = () => z.number().int();


export const cohortTradeSchema = z.object({
  at: int(),
  maker: z.string(),
  isBuy: z.boolean(),
  amountToken: z.number(),
  volumeUsd: z.number(),
  txHash: z.string(),
  block: int(),
  logIndex: int(),
});
export type CohortTrade = z.infer<typeof cohortTradeSchema>;

export const cohortSchema = z.object({
  id: z.enum(COHORT_IDS),
  wallets: z.array(z.string()),
  /** Share of supply the members hold now (percent); null when unknown. */
  holdPct: z.number().nullable(),
  /** Share of supply the members bought in the trades read (percent). */
  boughtPct: z.number(),
  /** Share of what the members had in the last `recentWindowMs` (held at its start + bought in it) that they sold in it; null if none. */
  soldRecentPct: z.number().nullable(),
  /** Members' holdings (percent of supply) at each of the report's `seriesTimes`, from their trades. */
  series: z.array(z.number()),
});
export type Cohort = z.infer<typeof cohortSchema>;

export const bundleWalletSchema = z.object({
  address: z.string(),
  funding: walletFundingSchema,
  boughtPct: z.number(),
  holdPct: z.number(),
});
export const bundleSchema = z.object({
  funder: z.string(),
  block: int(),
  at: int(),
  wallets: z.array(bundleWalletSchema),
  boughtPct: z.number(),
  holdPct: z.number(),
});
export type Bundle = z.infer<typeof bundleSchema>;

export const devSummarySchema = z.object({
  address: z.string().nullable(),
  holdPct: z.number().nullable(),
  boughtPct: z.number(),
  soldPct: z.number(),
  sold: z.boolean(),
  firstSellAt: int().nullable(),
});
export type DevSummary = z.infer<typeof devSummarySchema>;

export const cohortReportSchema = z.object({
  chain: z.string(),
  address: z.string(),
  createdAt: int(),
  cohorts: z.array(cohortSchema),
  dev: devSummarySchema,
  bundles: z.array(bundleSchema),
  seriesTimes: z.array(int()),
  trades: z.array(cohortTradeSchema),
  coverage: z.object({
    /** Wallets whose trades were read. */
    wallets: int(),
    /** Wallets whose first funding was looked up, and how many of those had no record. */
    fundingChecked: int(),
    fundingUnknown: int(),
    /** Candidates left unchecked this round (credit bound); later rounds continue. */
    fundingSkipped: int(),
    /** False when the launch had more trades than one page holds. */
    earlyComplete: z.boolean(),
  }),
  rules: z.object({
    sniperWindowMs: int(),
    earlyWindowMs: int(),
    bundleMinWallets: int(),
    freshWindowMs: int(),
    recentWindowMs: int(),
  }),
});
export type CohortReport = z.infer<typeof cohortReportSchema>;

export const cohortEnvelopeSchema = z.object({
  data: cohortReportSchema,
  meta: z.looseObject({ asOf: int(), degraded: z.boolean().optional(), credits: int() }),
});
export type CohortEnvelope = z.infer<typeof cohortEnvelopeSchema>;
