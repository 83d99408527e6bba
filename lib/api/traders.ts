import { z } from "zod";

// GET /api/token/traders: a token's top traders, computed by the server from the token's trade tape (§4.3) and its
// holders (§4.14); the shape lives here so server and browser share it.

const int = () => z.number().int();

import {
  TRADER_COVERAGE,
  TRADER_TAGS,
  type TraderRow,
  type TradersEnvelope,
  type TradersReport,
} from "./trader-rows";

export * from "./trader-rows";

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


export const tradersEnvelopeSchema = z.object({
  data: tradersReportSchema,
  meta: z.looseObject({ asOf: int(), degraded: z.boolean().optional(), credits: int() }),
});


// The schemas describe exactly the plain types the browser uses (trader-rows.ts).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const rowsAgree: Same<z.infer<typeof traderRowSchema>, TraderRow> = true;
const reportsAgree: Same<z.infer<typeof tradersReportSchema>, TradersReport> = true;
const envelopesAgree: Same<z.infer<typeof tradersEnvelopeSchema>["data"], TradersEnvelope["data"]> = true;
void [rowsAgree, reportsAgree, envelopesAgree];
