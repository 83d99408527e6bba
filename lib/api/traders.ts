import { z } from "zod";

// GET /api/token/traders: a token's top traders, computed by the server from the token's trade tape (§4.3) and its
// holders (§4.14); the shape lives here so server and browser share it.

const int = () => z.number().int();

/** Cohort tags a trader can carry; each links to the cohort evidence on the token page. */
export const TRADER_TAGS = ["dev", "sniper", "bundle", "fresh"] as const;
export type TraderTag = (typeof TRADER_TAGS)[number];

/** "full": the trades read explain the wallet's position; "partial": it traded before the oldest row read. */
export const TRADER_COVERAGE = ["full", "partial"] as const;
export type TraderCoverage = (typeof TRADER_COVERAGE)[number];

export const TRADER_SORTS = ["pnl", "bought", "sold"] as const;
export type TraderSort = (typeof TRADER_SORTS)[number];

export const traderRowSchema = z.object({
  wallet: z.string(),
  boughtUsd: z.number(),
  soldUsd: z.number(),
  boughtAmount: z.number(),
  soldAmount: z.number(),
  trades: int(),
  /** Average-cost realized PnL of the sells whose cost the trades read explain. */
  realizedPnlUsd: z.number(),
  /** The held amount whose cost is known, valued at the token's price, less that cost; null without a price. */
  unrealizedPnlUsd: z.number().nullable(),
  /** From the holders list where the wallet is in it, else from its trades (never below zero). */
  holdingAmount: z.number(),
  holdingFrom: z.enum(["holders", "trades"]),
  firstBuyAt: int().nullable(),
  tags: z.array(z.enum(TRADER_TAGS)),
  coverage: z.enum(TRADER_COVERAGE),
});
export type TraderRow = z.infer<typeof traderRowSchema>;

export const tradersReportSchema = z.object({
  chain: z.string(),
  address: z.string(),
  priceUsd: z.number().nullable(),
  traders: z.array(traderRowSchema),
  tape: z.object({
    /** Confirmed rows read (preconfirmed rows wait for their confirmation). */
    rows: int(),
    /** Oldest and newest row read; null when the tape is empty. */
    fromAt: int().nullable(),
    toAt: int().nullable(),
    /** True when the tape ended within the rows read (the token's whole history). */
    complete: z.boolean(),
  }),
  /** Wallets that traded in the rows read (the list keeps the top ones). */
  wallets: int(),
});
export type TradersReport = z.infer<typeof tradersReportSchema>;

export const tradersEnvelopeSchema = z.object({
  data: tradersReportSchema,
  meta: z.looseObject({ asOf: int(), degraded: z.boolean().optional(), credits: int() }),
});
export type TradersEnvelope = z.infer<typeof tradersEnvelopeSchema>;

export const totalPnl = (r: Pick<TraderRow, "realizedPnlUsd" | "unrealizedPnlUsd">) =>
  r.realizedPnlUsd + (r.unrealizedPnlUsd ?? 0);

const SORT_VALUE: Record<TraderSort, (r: TraderRow) => number> = {
  pnl: totalPnl,
  bought: (r) => r.boughtUsd,
  sold: (r) => r.soldUsd,
};

/** Rows by `sort`, largest first (ties by wallet, so the order is total). */
export function sortTraders(rows: readonly TraderRow[], sort: TraderSort): TraderRow[] {
  const v = SORT_VALUE[sort];
  return [...rows].sort((a, b) => v(b) - v(a) || (a.wallet < b.wallet ? -1 : a.wallet > b.wallet ? 1 : 0));
}
