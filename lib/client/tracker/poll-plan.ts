import { ENDPOINT_ROUTES } from "@/lib/api/core";

// The tracker's polling plan, pure. The stream has no wallet channel (§6), so followed wallets are read from REST
// (§4.2 wallet trades, 1 credit a call; §4.9 PnL, 1 credit) through the proxy's cache, round-robin, so the spend per
// minute is bounded whatever the number of wallets:
// - every TICK_MS, one trades call for the wallet read longest ago (and not within MIN_REFRESH_MS, the proxy's cache
//   time for wallet trades: a sooner call would get the same answer);
// - every PNL_TICK_MS, one PnL call for the wallet whose 7d PnL is oldest (and older than PNL_REFRESH_MS);
// - a wallet never read yet (just followed, or the tab just opened) is read at once, FILL_PER_TICK calls a tick
//   beyond the above, trades first.
// Each trades read asks for an answer newer than the wallet's last one (the proxy's `minAsOf`), so a cached copy is
// never handed back twice: a read costs at most its one credit and brings what happened since the last.

export const TICK_MS = 1_000;
export const MIN_REFRESH_MS = 5_000;
export const PNL_TICK_MS = 5_000;
export const PNL_REFRESH_MS = 10 * 60_000;
export const FILL_PER_TICK = 4;

export interface PollState {
  key: string;
  /** When trades were last asked for (success or failure), or null when never. */
  tradesAt: number | null;
  pnlAt: number | null;
  tradesBusy: boolean;
  pnlBusy: boolean;
}

export interface TickPlan {
  trades: string[];
  pnl: string[];
  /** Whether the steady PnL slot was used (the caller remembers when). */
  pnlSteady: boolean;
}

const oldest = (a: number | null, b: number | null) => (a ?? -1) - (b ?? -1);

/** What to read this tick. `wallets` in the list's order (the top of the list fills first). */
export function planTick(wallets: readonly PollState[], now: number, lastPnlSteadyAt: number | null): TickPlan {
  const trades: string[] = [];
  const pnl: string[] = [];
  let fill = FILL_PER_TICK;
  for (const w of wallets) {
    if (fill === 0) break;
    if (w.tradesAt === null && !w.tradesBusy) {
      trades.push(w.key);
      fill--;
    }
  }
  const due = wallets
    .filter((w) => w.tradesAt !== null && !w.tradesBusy && now - w.tradesAt >= MIN_REFRESH_MS)
    .sort((a, b) => oldest(a.tradesAt, b.tradesAt));
  if (due[0]) trades.push(due[0].key);
  for (const w of wallets) {
    if (fill === 0) break;
    if (w.pnlAt === null && !w.pnlBusy) {
      pnl.push(w.key);
      fill--;
    }
  }
  let pnlSteady = false;
  if (lastPnlSteadyAt === null || now - lastPnlSteadyAt >= PNL_TICK_MS) {
    const stale = wallets
      .filter((w) => w.pnlAt !== null && !w.pnlBusy && now - w.pnlAt >= PNL_REFRESH_MS)
      .sort((a, b) => oldest(a.pnlAt, b.pnlAt));
    if (stale[0]) {
      pnl.push(stale[0].key);
      pnlSteady = true;
    }
  }
  return { trades, pnl, pnlSteady };
}

/** How often each wallet's trades are read once all are loaded: one wallet a tick, none sooner than MIN_REFRESH_MS. */
export function plannedCycleMs(walletCount: number): number {
  return Math.max(MIN_REFRESH_MS, walletCount * TICK_MS);
}

/**
 * Upper bound of the steady spend in any minute (credits) for `walletCount` wallets: trades (one a tick, each wallet
 * at most every MIN_REFRESH_MS) plus PnL (one per PNL_TICK_MS, each wallet at most once a minute).
 */
export function steadyCreditsPerMinute(walletCount: number): number {
  const trades = Math.min(60_000 / TICK_MS, Math.ceil((walletCount * 60_000) / MIN_REFRESH_MS));
  const pnl = Math.min(60_000 / PNL_TICK_MS, walletCount);
  return trades + pnl;
}

/** The one-off spend of reading `walletCount` wallets never read before (trades and PnL each). */
export function fillCredits(walletCount: number): number {
  return walletCount * 2;
}

/** How old an answer of the proxy's cache for wallet trades may be (§4.2 entry of the endpoint registry). */
const WALLET_TRADES_CACHE = ENDPOINT_ROUTES.walletTrades;

/**
 * How far behind the feed may be: the longest gap between two reads of one wallet (at least the plan's cycle), plus
 * how old the proxy's cached answer may be at a read: up to its fresh time when reads come sooner, at most its fresh
 * plus stale-while-revalidate time (a later read finds the copy expired and gets a new one). Whole seconds, rounded up.
 */
export function feedDelayMs(walletCount: number, gapsMs: readonly number[], cache = WALLET_TRADES_CACHE): number {
  const cycle = Math.max(plannedCycleMs(walletCount), ...gapsMs);
  const age = cycle > cache.ttlMs + cache.swrMs ? 0 : Math.min(Math.max(cycle, cache.ttlMs), cache.ttlMs + cache.swrMs);
  return Math.ceil((cycle + age) / 1000) * 1000;
}

/** A bounded list of recent samples (oldest dropped). */
export function pushSample(samples: readonly number[], v: number, max: number): number[] {
  return [...samples, v].slice(-max);
}
