import type { SimCore } from "../core";
import { archiveHistory } from "../engine/established";
import { type SimToken, tokenKey } from "../engine/world";
import { DAY_MS } from "../index/positions";
import { refillable } from "../index/upkeep";

// GET /__control/state: counts and notable ids, so tests need not search for fixtures.

/**
 * Trades in a token's archived last day of minutes, and the minute of its first archived trade (a token quiet for the
 * first hours of that day, or with a younger pool, begins later): deterministic, so counted once per token.
 */
const dayCounts = new WeakMap<SimToken, { trades: number; fromMs: number }>();
function archivedDay(t: SimToken | undefined): { trades: number; fromMs: number } {
  if (!t?.archive) return { trades: 0, fromMs: Number.POSITIVE_INFINITY };
  let d = dayCounts.get(t);
  if (d === undefined) {
    d = { trades: 0, fromMs: Number.POSITIVE_INFINITY };
    for (const e of archiveHistory(t)) {
      if (e.stepSec !== 60) continue;
      const first = e.trades.findIndex((c) => c > 0);
      if (first >= 0) d.fromMs = Math.min(d.fromMs, (e.time[first] as number) * 1000);
      for (const c of e.trades) d.trades += c;
    }
    dayCounts.set(t, d);
  }
  return d;
}

export function controlState(core: SimCore) {
  const ix = core.index;
  const m = core.market;
  const tokens = [...ix.tokens.values()];
  const hostile = tokens.find((t) => t.meta.hostile !== null);
  const ids = ix.wallets.identitiesSample();
  const cluster = ids.find((i) => i.wallets.length > 1) ?? null;
  const tagged = ix.wallets.fundingsSample((f) => f.funderTag !== null);
  const evmBusy = ix.wallets.busiest(true);
  const solBusy = ix.wallets.busiest(false);
  const graduated = tokens.find((t) => t.migrated && t.graduatedAt !== null);
  const bonding = tokens.find((t) => t.factory && !t.migrated && (t.bondingProgress ?? 0) > 30);
  const established = tokens.filter((t) => !t.factory && t.pools.length > 2).sort((a, b) => b.txns - a.txns)[0];
  const base = tokens.filter((t) => t.chain === "evm:8453" && t.txns > 0).sort((a, b) => b.txns - a.txns)[0];
  // The busiest established token whose tape pages back a full day, other than the tokens named above: one whose
  // archived trades begin a day or more ago (not every token traded in the first hours of that day) and whose
  // archived last day (counted once per token) fits its tape with six hours of its own pace to spare (within 80 % of
  // the per-token tape), so live rows do not push its oldest out while tests run, and that is either not read yet
  // (and whole), or read and still holding a day, or read and short of archived rows of its last day only (trimmed
  // while nobody read it, or not fitting at first: a read to its end puts them back). Chosen once and pinned: the
  // budget's trims leave its tape whole however much else a run reads, so it holds its day whenever a test asks.
  const named = new Set([hostile, graduated, bonding, established, base]);
  const now = core.now();
  const holdsDay = (t: (typeof tokens)[number]) =>
    (!t.hydrated && !t.tape.liveCut) ||
    (t.tape.records[0]?.at ?? now) <= now - DAY_MS ||
    refillable(t.tape, now);
  let dayTape = tokens.find((t) => t.tape.pinned);
  if (dayTape && !holdsDay(dayTape)) {
    dayTape.tape.pinned = false; // cut by hand, or by its own cap: no longer a day
    dayTape = undefined;
  }
  dayTape ??= tokens
    .filter((t) => !t.factory && !named.has(t) && holdsDay(t))
    .map((t) => ({ t, day: archivedDay(m.ctx.tokens.get(tokenKey(t.chain, t.address))) }))
    .filter((x) => x.day.fromMs <= now - DAY_MS && x.day.trades >= 2_000 && x.day.trades <= 0.8 * x.t.tape.cap)
    .sort((a, b) => b.day.trades - a.day.trades)[0]?.t;
  if (dayTape) dayTape.tape.pinned = true;
  // The busiest established tokens (a trade a second or more): the ones whose volume bars are steady enough to
  // compare either side of the history/live seam.
  const busy = [...m.ctx.tokens.values()]
    .filter((t) => t.archive && (t.activity?.rate ?? 0) >= 1)
    .sort((a, b) => (b.activity?.rate ?? 0) - (a.activity?.rate ?? 0))
    .slice(0, 8)
    .map((t) => ix.token(t.chain.chain, t.address))
    .filter((t) => t !== undefined);
  const ref = (t: (typeof tokens)[number] | undefined) =>
    t
      ? { chain: t.chain, address: t.address, pools: t.pools.map((p) => p.address), name: t.name, symbol: t.symbol }
      : null;
  return {
    now: core.now(),
    /** Market time where generated history ends and simulated trading begins (the history/live seam). */
    liveFrom: m.warmStart,
    seed: m.seed,
    speed: core.clock.speed,
    virtual: core.clock.virtual,
    counts: {
      tokens: tokens.length,
      launchTokens: tokens.filter((t) => t.factory).length,
      pools: tokens.reduce((a, t) => a + t.pools.length, 0),
      tradesIndexed: ix.tradesIndexed,
      tapeRecords: ix.tapeRecords(),
      wallets: ix.wallets.size,
      walletTrades: ix.wallets.tradeCount,
      positions: ix.wallets.positionCount,
      fundings: ix.wallets.fundingCount,
      identities: ids.length,
      pendingPreconfirmed: ix.pendingTxCount(),
      pulse: ix.pulse.counts(),
      events: m.eventCount,
      factories: m.factories.length,
    },
    notable: {
      hostileToken: hostile ? { ...ref(hostile), kind: hostile.meta.hostile } : null,
      identityWallet: cluster
        ? { address: cluster.wallets[0], linkedWallets: cluster.wallets.slice(1), group: cluster.group }
        : null,
      fundedWallet: tagged
        ? {
            chain: tagged.funding.chain,
            address: tagged.wallet,
            funder: tagged.funding.funder,
            funderTag: tagged.funding.funderTag,
          }
        : null,
      solanaWallet: solBusy ? { chain: "solana", address: solBusy.wallet, trades: solBusy.trades } : null,
      evmWallet: evmBusy ? { chain: evmBusy.chain, address: evmBusy.wallet, trades: evmBusy.trades } : null,
      graduatedToken: ref(graduated),
      bondingToken: ref(bonding),
      establishedToken: ref(established),
      baseToken: ref(base),
      dayTapeToken: ref(dayTape),
      busyEstablished: busy.map(ref),
    },
  };
}
