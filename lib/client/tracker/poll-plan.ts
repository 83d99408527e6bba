// The tracker's plan for its REST reads, pure. Trades come from the stream gateway (one poll-only `wallet-trades`
// subscription per followed wallet, polled by the gateway within the key's shared credit budget), so the tab reads
// a wallet's trades from REST once (its first rows), and the 7d PnL summaries (§4.9, 1 credit) round-robin:
// - every PNL_TICK_MS, one PnL call for the wallet whose 7d PnL is oldest (and older than PNL_REFRESH_MS);
// - a wallet never read yet (just followed, or the tab just opened) is read at once, FILL_PER_TICK calls a tick
//   (its trades first, then its PnL).

export const TICK_MS = 1_000;
export const PNL_TICK_MS = 5_000;
export const PNL_REFRESH_MS = 10 * 60_000;
export const FILL_PER_TICK = 4;

export interface PollState {
  key: string;
  /** When trades were first asked for from REST (success or failure), or null when never (or to read again). */
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

/** Upper bound of this tab's steady REST spend in any minute (credits): the PnL round robin only. */
export function steadyCreditsPerMinute(walletCount: number): number {
  return Math.min(60_000 / PNL_TICK_MS, walletCount);
}

/** The one-off spend of reading `walletCount` wallets never read before (first trades page and PnL each). */
export function fillCredits(walletCount: number): number {
  return walletCount * 2;
}
