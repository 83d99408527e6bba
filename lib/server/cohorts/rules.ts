import {
  type Bundle,
  COHORT_RULES,
  type Cohort,
  type CohortId,
  type CohortReport,
  type CohortTrade,
  type DevSummary,
  type TokenHolder,
  type WalletFunding,
} from "@/lib/api";

// The cohort rules, pure: trades, holders and first-funding records in, the report out (no I/O, no clock).

export interface CohortInput {
  chain: string;
  address: string;
  createdAt: number;
  /** Total supply in token units. */
  supply: number;
  deployer: string | null;
  now: number;
  holders: readonly TokenHolder[];
  /** Trades read: the launch window and every examined wallet's trades of the token (overlaps are fine). */
  trades: readonly CohortTrade[];
  /** First funding per wallet looked up (null = no record); wallets absent were not looked up. */
  fundings: ReadonlyMap<string, WalletFunding | null>;
  /** Funding lookups left for later (credit bound) and whether the launch window was read whole. */
  fundingSkipped?: number;
  earlyComplete?: boolean;
}

export const SERIES_POINTS = 48;
/** Trades kept in a report for chart markers (the newest are dropped first: the launch is what matters). */
export const MAX_REPORT_TRADES = 1_500;
const NOT_HOLDERS = new Set(["pool", "burn"]);

const keyOf = (t: CohortTrade) => `${t.txHash}:${t.block}:${t.logIndex}`;
const round = (x: number) => Math.round(x * 1e6) / 1e6;

/** Each trade once, oldest first (at, block, logIndex). */
export function orderTrades(trades: readonly CohortTrade[]): CohortTrade[] {
  const seen = new Map<string, CohortTrade>();
  for (const t of trades) if (!seen.has(keyOf(t))) seen.set(keyOf(t), t);
  return [...seen.values()].sort((a, b) => a.at - b.at || a.block - b.block || a.logIndex - b.logIndex);
}

/** Each wallet's first buy. */
export function firstBuys(ordered: readonly CohortTrade[]): Map<string, CohortTrade> {
  const out = new Map<string, CohortTrade>();
  for (const t of ordered) if (t.isBuy && !out.has(t.maker)) out.set(t.maker, t);
  return out;
}

/** Net tokens per wallet from its trades up to `until` (inclusive), never below zero. */
function netUntil(ordered: readonly CohortTrade[], until: number, wallets: ReadonlySet<string>): number {
  const bal = new Map<string, number>();
  for (const t of ordered) {
    if (t.at > until) break;
    if (!wallets.has(t.maker)) continue;
    bal.set(t.maker, Math.max(0, (bal.get(t.maker) ?? 0) + (t.isBuy ? t.amountToken : -t.amountToken)));
  }
  let s = 0;
  for (const v of bal.values()) s += v;
  return s;
}

/**
 * Share of what the members had in the recent window (held at its start plus bought within it) that they sold
 * within it; null when they had nothing. A token younger than the window counts from its first trade.
 */
export function soldRecently(ordered: readonly CohortTrade[], members: ReadonlySet<string>, now: number): number | null {
  const from = now - COHORT_RULES.recentWindowMs;
  const had = netUntil(ordered, from, members);
  let bought = 0;
  let sold = 0;
  for (const t of ordered) {
    if (t.at <= from || t.at > now || !members.has(t.maker)) continue;
    if (t.isBuy) bought += t.amountToken;
    else sold += t.amountToken;
  }
  const base = had + bought;
  return base > 0 ? round(Math.min(100, (sold / base) * 100)) : null;
}

export function isSniperBuy(first: CohortTrade, createdAt: number): boolean {
  return first.at - createdAt <= COHORT_RULES.sniperWindowMs;
}

export function isFresh(first: CohortTrade, funding: WalletFunding | null | undefined): boolean {
  if (!funding) return false;
  const lead = first.at - funding.fundedAt;
  return lead >= 0 && lead <= COHORT_RULES.freshWindowMs;
}

/**
 * Bundles: wallets buying in one block or slot within the launch window, grouped by first funder. A funder with an
 * entity tag (exchange, bridge) funds strangers alike, so it is no evidence of one owner and never forms a bundle.
 */
export function findBundles(
  ordered: readonly CohortTrade[],
  createdAt: number,
  fundings: ReadonlyMap<string, WalletFunding | null>,
  exclude: ReadonlySet<string>,
): { block: number; at: number; funder: string; wallets: string[] }[] {
  const byBlock = new Map<number, { at: number; wallets: string[] }>();
  for (const t of ordered) {
    if (!t.isBuy || t.at - createdAt > COHORT_RULES.earlyWindowMs || exclude.has(t.maker)) continue;
    const b = byBlock.get(t.block) ?? { at: t.at, wallets: [] };
    if (!b.wallets.includes(t.maker)) b.wallets.push(t.maker);
    byBlock.set(t.block, b);
  }
  const out: { block: number; at: number; funder: string; wallets: string[] }[] = [];
  for (const [block, b] of byBlock) {
    if (b.wallets.length < COHORT_RULES.bundleMinWallets) continue;
    const byFunder = new Map<string, string[]>();
    for (const w of b.wallets) {
      const f = fundings.get(w);
      if (!f || f.funderTag !== null) continue;
      byFunder.set(f.funder, [...(byFunder.get(f.funder) ?? []), w]);
    }
    for (const [funder, wallets] of byFunder)
      if (wallets.length >= COHORT_RULES.bundleMinWallets) out.push({ block, at: b.at, funder, wallets });
  }
  return out.sort((a, b) => a.at - b.at || a.block - b.block);
}

/** Wallets worth a funding lookup, most telling first: crowded launch blocks, then early buyers, then top holders. */
export function fundingCandidates(
  ordered: readonly CohortTrade[],
  createdAt: number,
  holders: readonly TokenHolder[],
  exclude: ReadonlySet<string>,
): string[] {
  const out = new Set<string>();
  const perBlock = new Map<number, Set<string>>();
  const early: string[] = [];
  for (const t of ordered) {
    if (!t.isBuy || t.at - createdAt > COHORT_RULES.earlyWindowMs || exclude.has(t.maker)) continue;
    const s = perBlock.get(t.block) ?? new Set<string>();
    s.add(t.maker);
    perBlock.set(t.block, s);
    if (!early.includes(t.maker)) early.push(t.maker);
  }
  for (const s of perBlock.values()) if (s.size >= COHORT_RULES.bundleMinWallets) for (const w of s) out.add(w);
  for (const h of holders) if (!exclude.has(h.address) && !NOT_HOLDERS.has(h.label ?? "")) out.add(h.address);
  for (const w of early) out.add(w);
  return [...out];
}

function seriesTimes(createdAt: number, now: number): number[] {
  const span = Math.max(1, now - createdAt);
  return Array.from({ length: SERIES_POINTS }, (_, i) => Math.round(createdAt + (span * i) / (SERIES_POINTS - 1)));
}

export function computeCohorts(input: CohortInput): CohortReport {
  const { createdAt, supply, now, fundings } = input;
  const pct = (amount: number) => (supply > 0 ? round((amount / supply) * 100) : 0);
  const ordered = orderTrades(input.trades).filter((t) => t.at <= now);
  const firsts = firstBuys(ordered);
  const dev = input.deployer;
  const notHolders = new Set(input.holders.filter((h) => NOT_HOLDERS.has(h.label ?? "")).map((h) => h.address));
  const exclude = new Set([...notHolders, ...(dev ? [dev] : [])]);

  const held = new Map(input.holders.map((h) => [h.address, Number(h.amount)]));
  const holdingNow = (w: string) => held.get(w) ?? netUntil(ordered, now, new Set([w]));
  const bought = (ws: ReadonlySet<string>) =>
    ordered.reduce((s, t) => (t.isBuy && ws.has(t.maker) ? s + t.amountToken : s), 0);

  const top10 = input.holders.filter((h) => !notHolders.has(h.address)).slice(0, 10);
  const snipers = [...firsts.values()]
    .filter((t) => !exclude.has(t.maker) && isSniperBuy(t, createdAt))
    .map((t) => t.maker);
  const found = findBundles(ordered, createdAt, fundings, exclude);
  const bundled = [...new Set(found.flatMap((b) => b.wallets))];
  const fresh = [...firsts.values()]
    .filter((t) => !exclude.has(t.maker) && isFresh(t, fundings.get(t.maker)))
    .map((t) => t.maker);

  const times = seriesTimes(createdAt, now);
  const cohort = (id: CohortId, wallets: string[], holdPct?: number | null): Cohort => {
    const set = new Set(wallets);
    return {
      id,
      wallets,
      holdPct: holdPct !== undefined ? holdPct : pct(wallets.reduce((s, w) => s + holdingNow(w), 0)),
      boughtPct: pct(bought(set)),
      soldRecentPct: soldRecently(ordered, set, now),
      series: times.map((t) => pct(netUntil(ordered, t, set))),
    };
  };

  const devTrades = dev ? ordered.filter((t) => t.maker === dev) : [];
  const devSold = devTrades.filter((t) => !t.isBuy);
  const devSummary: DevSummary = {
    address: dev,
    holdPct: dev ? pct(holdingNow(dev)) : null,
    boughtPct: pct(devTrades.reduce((s, t) => (t.isBuy ? s + t.amountToken : s), 0)),
    soldPct: pct(devSold.reduce((s, t) => s + t.amountToken, 0)),
    sold: devSold.length > 0,
    firstSellAt: devSold[0]?.at ?? null,
  };

  const bundles: Bundle[] = found.map((b) => {
    const wallets = b.wallets.map((w) => ({
      address: w,
      funding: fundings.get(w) as WalletFunding,
      boughtPct: pct(bought(new Set([w]))),
      holdPct: pct(holdingNow(w)),
    }));
    return {
      ...b,
      wallets,
      boughtPct: round(wallets.reduce((s, w) => s + w.boughtPct, 0)),
      holdPct: round(wallets.reduce((s, w) => s + w.holdPct, 0)),
    };
  });

  const checked = [...fundings.values()];
  return {
    chain: input.chain,
    address: input.address,
    createdAt,
    cohorts: [
      cohort(
        "top10",
        top10.map((h) => h.address),
        round(top10.reduce((s, h) => s + h.sharePct, 0)),
      ),
      cohort("dev", dev ? [dev] : [], devSummary.holdPct),
      cohort("snipers", snipers),
      cohort("bundles", bundled),
      cohort("fresh", fresh),
    ],
    dev: devSummary,
    bundles,
    seriesTimes: times,
    trades: ordered.slice(0, MAX_REPORT_TRADES),
    coverage: {
      wallets: new Set(ordered.map((t) => t.maker)).size,
      fundingChecked: checked.length,
      fundingUnknown: checked.filter((f) => f === null).length,
      fundingSkipped: input.fundingSkipped ?? 0,
      earlyComplete: input.earlyComplete ?? true,
    },
    rules: { ...COHORT_RULES },
  };
}
