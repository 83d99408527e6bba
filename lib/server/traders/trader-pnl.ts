import { sortTraders, type TraderRow, type TraderTag } from "@/lib/api";

// Top traders, pure: confirmed tape rows in, per-wallet figures out (no I/O, no clock). PnL is average-cost: a sell
// realizes its proceeds less the average cost of what it sold; what is still held is valued at the price given.

export interface PnlTrade {
  at: number;
  block: number;
  logIndex: number;
  txHash: string;
  maker: string;
  isBuy: boolean;
  amountToken: number;
  volumeUsd: number;
  preconfirmed: boolean;
}

export interface TraderInput {
  trades: readonly PnlTrade[];
  /** Holdings from the holders list (token units), for the wallets in it. */
  holdings: ReadonlyMap<string, number>;
  priceUsd: number | null;
  /** The rows read reach the token's first trade: every wallet's history is in them. */
  complete: boolean;
  tags: ReadonlyMap<string, readonly TraderTag[]>;
}

/** Amounts within this share of each other are equal (float sums of the same trades). */
const REL_EPS = 1e-9;
const near = (a: number, b: number) => Math.abs(a - b) <= REL_EPS * Math.max(1, Math.abs(a), Math.abs(b));

export const tradeKey = (t: Pick<PnlTrade, "txHash" | "block" | "logIndex">) => `${t.txHash}:${t.block}:${t.logIndex}`;

/** Confirmed trades once each, oldest first (at, block, logIndex): the order PnL is computed in. */
export function confirmedInOrder(trades: readonly PnlTrade[]): PnlTrade[] {
  const seen = new Map<string, PnlTrade>();
  for (const t of trades) if (!t.preconfirmed && !seen.has(tradeKey(t))) seen.set(tradeKey(t), t);
  return [...seen.values()].sort(
    (a, b) => a.at - b.at || a.block - b.block || a.logIndex - b.logIndex || (a.txHash < b.txHash ? -1 : 1),
  );
}

interface Book {
  boughtUsd: number;
  soldUsd: number;
  boughtAmount: number;
  soldAmount: number;
  trades: number;
  realized: number;
  /** Tokens bought in the rows read and not sold yet, and their cost. */
  held: number;
  cost: number;
  firstBuyAt: number | null;
  /** A sell took more than the rows read had bought: the wallet held the token before them. */
  oversold: boolean;
}

const emptyBook = (): Book => ({
  boughtUsd: 0,
  soldUsd: 0,
  boughtAmount: 0,
  soldAmount: 0,
  trades: 0,
  realized: 0,
  held: 0,
  cost: 0,
  firstBuyAt: null,
  oversold: false,
});

function apply(b: Book, t: PnlTrade): void {
  b.trades++;
  if (t.isBuy) {
    b.boughtUsd += t.volumeUsd;
    b.boughtAmount += t.amountToken;
    b.held += t.amountToken;
    b.cost += t.volumeUsd;
    b.firstBuyAt ??= t.at;
    return;
  }
  b.soldUsd += t.volumeUsd;
  b.soldAmount += t.amountToken;
  if (t.amountToken <= 0) return;
  const matched = near(t.amountToken, b.held) ? t.amountToken : Math.min(t.amountToken, b.held);
  if (matched < t.amountToken) b.oversold = true;
  if (matched <= 0) return;
  const avg = b.cost / b.held;
  b.realized += (t.volumeUsd * matched) / t.amountToken - avg * matched;
  if (near(matched, b.held)) {
    b.held = 0;
    b.cost = 0;
  } else {
    b.cost -= avg * matched;
    b.held -= matched;
  }
}

/** Each wallet's figures from the confirmed trades (unsorted). */
export function traderRows(input: TraderInput): TraderRow[] {
  const books = new Map<string, Book>();
  for (const t of confirmedInOrder(input.trades)) {
    let b = books.get(t.maker);
    if (!b) books.set(t.maker, (b = emptyBook()));
    apply(b, t);
  }
  const rows: TraderRow[] = [];
  for (const [wallet, b] of books) {
    const listed = input.holdings.get(wallet);
    const holdingAmount = listed ?? b.held;
    // the part of the holding whose cost the trades explain; more than that came from elsewhere (older trades, transfers)
    const basis = Math.min(holdingAmount, b.held);
    const unexplained = holdingAmount > b.held && !near(holdingAmount, b.held);
    const unrealized =
      input.priceUsd === null ? null : basis > 0 ? basis * input.priceUsd - (b.held > 0 ? (b.cost * basis) / b.held : 0) : 0;
    rows.push({
      wallet,
      boughtUsd: b.boughtUsd,
      soldUsd: b.soldUsd,
      boughtAmount: b.boughtAmount,
      soldAmount: b.soldAmount,
      trades: b.trades,
      realizedPnlUsd: b.realized,
      unrealizedPnlUsd: unrealized,
      holdingAmount,
      holdingFrom: listed === undefined ? "trades" : "holders",
      firstBuyAt: b.firstBuyAt,
      tags: [...(input.tags.get(wallet) ?? [])],
      coverage: !input.complete && (b.oversold || unexplained) ? "partial" : "full",
    });
  }
  return rows;
}

/** The top `n` by each sort (their union, by PnL): whichever way the table is sorted, its first `n` rows are right. */
export function topTraders(rows: readonly TraderRow[], n: number): TraderRow[] {
  const keep = new Set<string>();
  for (const s of ["pnl", "bought", "sold"] as const) for (const r of sortTraders(rows, s).slice(0, n)) keep.add(r.wallet);
  return sortTraders(
    rows.filter((r) => keep.has(r.wallet)),
    "pnl",
  );
}
