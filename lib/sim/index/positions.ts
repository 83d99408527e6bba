// Positions by average cost (§2.7) and realized PnL (§2.8). Pure: the wallet index feeds trades in order.
// Costs are tracked in native and in USD at trade time; EVM reports native values at the current native price
// (`usdBasis: "spot"`), Solana reports trade-time USD (`usdBasis: "trade"`).

export interface Position {
  chain: string;
  token: string;
  symbol: string;
  name: string;
  amount: number;
  costNative: number;
  costUsd: number;
  realizedNative: number;
  realizedUsd: number;
  buys: number;
  sells: number;
  firstTradeAt: number;
  lastTradeAt: number;
  /** Average entry of the current (or last) holding. */
  avgNative: number;
  avgUsd: number;
  /** Native price of the wallet's latest fill: the last price seen, for a token the index has since forgotten. */
  lastPriceNative: number;
}

export interface Fill {
  isBuy: boolean;
  amountToken: number;
  volumeNative: number;
  volumeUsd: number;
  at: number;
}

/** Below this the position counts as fully sold (`amount` "0"). */
export const DUST = 1e-9;

export function newPosition(chain: string, token: string, symbol: string, name: string, at: number): Position {
  return {
    chain,
    token,
    symbol,
    name,
    amount: 0,
    costNative: 0,
    costUsd: 0,
    realizedNative: 0,
    realizedUsd: 0,
    buys: 0,
    sells: 0,
    firstTradeAt: at,
    lastTradeAt: at,
    avgNative: 0,
    avgUsd: 0,
    lastPriceNative: 0,
  };
}

/** Applies a fill; returns the PnL it realized (0 for buys). */
export function applyFill(p: Position, f: Fill): { native: number; usd: number } {
  if (f.at >= p.lastTradeAt && f.amountToken > 0) p.lastPriceNative = f.volumeNative / f.amountToken;
  p.lastTradeAt = Math.max(p.lastTradeAt, f.at);
  p.firstTradeAt = Math.min(p.firstTradeAt, f.at);
  if (f.isBuy) {
    p.buys++;
    p.amount += f.amountToken;
    p.costNative += f.volumeNative;
    p.costUsd += f.volumeUsd;
    p.avgNative = p.costNative / p.amount;
    p.avgUsd = p.costUsd / p.amount;
    return { native: 0, usd: 0 };
  }
  p.sells++;
  if (p.amount <= DUST) return { native: 0, usd: 0 };
  // Only the part we saw bought has a known cost; tokens received off-tape are not counted as profit.
  const sold = Math.min(f.amountToken, p.amount);
  const share = sold / p.amount;
  const outNative = p.costNative * share;
  const outUsd = p.costUsd * share;
  const part = sold / f.amountToken;
  const native = f.volumeNative * part - outNative;
  const usd = f.volumeUsd * part - outUsd;
  p.amount -= sold;
  p.costNative -= outNative;
  p.costUsd -= outUsd;
  if (p.amount <= DUST * Math.max(1, sold)) {
    p.amount = 0;
    p.costNative = 0;
    p.costUsd = 0;
  }
  p.realizedNative += native;
  p.realizedUsd += usd;
  return { native, usd };
}

export interface PositionValue {
  amountUsd: number;
  entryPriceUsd: number;
  currentPriceUsd: number;
  realizedPnlUsd: number;
  unrealizedPnlUsd: number;
  totalPnlUsd: number;
}

/** Values a position. `nativeUsd` is the current native price; `priceNative` the token's current price. */
export function valuePosition(
  p: Position,
  priceNative: number,
  nativeUsd: number,
  basis: "spot" | "trade",
): PositionValue {
  const currentPriceUsd = priceNative * nativeUsd;
  const amountUsd = p.amount * currentPriceUsd;
  if (basis === "spot") {
    const realized = p.realizedNative * nativeUsd;
    const unrealized = (p.amount * priceNative - p.costNative) * nativeUsd;
    return {
      amountUsd,
      entryPriceUsd: p.avgNative * nativeUsd,
      currentPriceUsd,
      realizedPnlUsd: realized,
      unrealizedPnlUsd: unrealized,
      totalPnlUsd: realized + unrealized,
    };
  }
  const unrealized = amountUsd - p.costUsd;
  return {
    amountUsd,
    entryPriceUsd: p.avgUsd,
    currentPriceUsd,
    realizedPnlUsd: p.realizedUsd,
    unrealizedPnlUsd: unrealized,
    totalPnlUsd: p.realizedUsd + unrealized,
  };
}

export interface PnlDay {
  day: number;
  realizedNative: number;
  realizedUsd: number;
  trades: number;
  /** Realized per token that day (wins/losses are counted per token over the period). */
  perToken: Map<string, { native: number; usd: number }>;
}

export const DAY_MS = 86_400_000;

export function recordPnl(
  days: PnlDay[],
  at: number,
  token: string,
  realized: { native: number; usd: number } | null,
  maxDays: number,
): void {
  const day = Math.floor(at / DAY_MS) * DAY_MS;
  let d: PnlDay | undefined = days[days.length - 1];
  if (!d || d.day !== day) {
    // Trades arrive in time order except for a few seconds of confirmation lag.
    d = days.find((x) => x.day === day);
    if (!d) {
      d = { day, realizedNative: 0, realizedUsd: 0, trades: 0, perToken: new Map() };
      days.push(d);
      days.sort((a, b) => a.day - b.day);
      if (days.length > maxDays) days.splice(0, days.length - maxDays);
    }
  }
  d.trades++;
  if (!realized) return;
  d.realizedNative += realized.native;
  d.realizedUsd += realized.usd;
  const cur = d.perToken.get(token) ?? { native: 0, usd: 0 };
  cur.native += realized.native;
  cur.usd += realized.usd;
  d.perToken.set(token, cur);
}

export interface PnlSummary {
  history: { at: number; realizedPnlUsd: number; trades: number }[];
  summary: { realizedPnlUsd: number; winRate: number; trades: number; wins: number; losses: number };
}

/** Sums day buckets of one or more chains from `fromDay` on; `usdOf` converts a day's realized figure. */
export function summarizePnl(
  chains: { days: PnlDay[]; usdOf: (native: number, usd: number) => number }[],
  fromDay: number,
): PnlSummary {
  const byDay = new Map<number, { realized: number; trades: number }>();
  const perToken = new Map<string, number>();
  let realized = 0;
  let trades = 0;
  for (const c of chains) {
    for (const d of c.days) {
      if (d.day < fromDay) continue;
      const r = c.usdOf(d.realizedNative, d.realizedUsd);
      const cur = byDay.get(d.day) ?? { realized: 0, trades: 0 };
      cur.realized += r;
      cur.trades += d.trades;
      byDay.set(d.day, cur);
      realized += r;
      trades += d.trades;
      for (const [tok, v] of d.perToken) perToken.set(tok, (perToken.get(tok) ?? 0) + c.usdOf(v.native, v.usd));
    }
  }
  let wins = 0;
  let losses = 0;
  for (const v of perToken.values()) {
    if (v > 0) wins++;
    else if (v < 0) losses++;
  }
  const history = [...byDay]
    .sort((a, b) => a[0] - b[0])
    .map(([at, v]) => ({ at, realizedPnlUsd: v.realized, trades: v.trades }));
  return {
    history,
    summary: {
      realizedPnlUsd: realized,
      winRate: wins + losses ? (wins / (wins + losses)) * 100 : 0,
      trades,
      wins,
      losses,
    },
  };
}
