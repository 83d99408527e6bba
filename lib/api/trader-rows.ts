// A token's top traders (GET /api/token/traders) without their zod schemas: the shapes, constants and pure helpers the
// browser needs. The schemas in traders.ts are checked equal to these types.

/** Cohort tags a trader can carry; each links to the cohort evidence on the token page. */
export const TRADER_TAGS = ["dev", "sniper", "bundle", "fresh"] as const;
export type TraderTag = (typeof TRADER_TAGS)[number];

/** "full": the trades read explain the wallet's position; "partial": it traded before the oldest row read. */
export const TRADER_COVERAGE = ["full", "partial"] as const;
export type TraderCoverage = (typeof TRADER_COVERAGE)[number];

export const TRADER_SORTS = ["pnl", "bought", "sold"] as const;
export type TraderSort = (typeof TRADER_SORTS)[number];

export interface TraderRow {
  wallet: string;
  boughtUsd: number;
  soldUsd: number;
  boughtAmount: number;
  soldAmount: number;
  trades: number;
  /** Average-cost realized PnL of the sells whose cost the trades read explain. */
  realizedPnlUsd: number;
  /** The held amount whose cost is known, valued at the token's price, less that cost; null without a price. */
  unrealizedPnlUsd: number | null;
  /** From the holders list where the wallet is in it, else from its trades (never below zero). */
  holdingAmount: number;
  holdingFrom: "holders" | "trades";
  firstBuyAt: number | null;
  tags: TraderTag[];
  coverage: TraderCoverage;
}

export interface TradersReport {
  chain: string;
  address: string;
  priceUsd: number | null;
  traders: TraderRow[];
  tape: {
    /** Confirmed rows read (preconfirmed rows wait for their confirmation). */
    rows: number;
    /** Oldest and newest row read; null when the tape is empty. */
    fromAt: number | null;
    toAt: number | null;
    /** True when the tape ended within the rows read (the token's whole history). */
    complete: boolean;
  };
  /** Wallets that traded in the rows read (the list keeps the top ones). */
  wallets: number;
}

export interface TradersEnvelope {
  data: TradersReport;
  meta: { asOf: number; degraded?: boolean; credits: number; [k: string]: unknown };
}

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

const num = (x: unknown): x is number => typeof x === "number" && Number.isFinite(x);
const numOrNull = (x: unknown) => x === null || num(x);
const isObj = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);

function isTraderRow(r: unknown): r is TraderRow {
  return (
    isObj(r) &&
    typeof r.wallet === "string" &&
    ["boughtUsd", "soldUsd", "boughtAmount", "soldAmount", "trades", "realizedPnlUsd", "holdingAmount"].every((k) =>
      num(r[k]),
    ) &&
    numOrNull(r.unrealizedPnlUsd) &&
    numOrNull(r.firstBuyAt) &&
    (r.holdingFrom === "holders" || r.holdingFrom === "trades") &&
    Array.isArray(r.tags) &&
    r.tags.every((t) => (TRADER_TAGS as readonly unknown[]).includes(t)) &&
    (TRADER_COVERAGE as readonly unknown[]).includes(r.coverage)
  );
}

/** A light check of an answer the server built from the schema: enough to refuse one that is not a traders report. */
export function isTradersEnvelope(x: unknown): x is TradersEnvelope {
  if (!isObj(x) || !isObj(x.data) || !isObj(x.meta) || !num(x.meta.asOf) || !num(x.meta.credits)) return false;
  const d = x.data;
  return (
    typeof d.chain === "string" &&
    typeof d.address === "string" &&
    numOrNull(d.priceUsd) &&
    num(d.wallets) &&
    isObj(d.tape) &&
    num(d.tape.rows) &&
    typeof d.tape.complete === "boolean" &&
    Array.isArray(d.traders) &&
    d.traders.every(isTraderRow)
  );
}
