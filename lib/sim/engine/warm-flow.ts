import type { RawEvent } from "./events";
import { VOLUME_SIGMA } from "./history";
import type { WarmFlow } from "./types";
import type { SimToken } from "./world";

// The live trading of the warm-up, per established pool and minute: the archived history behind it is levelled on
// it (see `archiveLevel`), so bar heights and trade counts carry on where generated history meets live trading
// instead of following a formula the live flow only approximates (sells short of a balance, routing, size caps).
// Recorded from the warm-up start to the service's start, both fixed by the market's options, so it is deterministic.

/** Fewer observed minutes than this: the archive keeps its nominal level. */
export const MIN_OBSERVED_MINUTES = 10;
/** A pool needs this many observed trades before its own mean trade size is used. */
const MIN_TRADES = 20;
/** Minutes with a trade, as a share of those observed, for the median minute to be the level. */
const BUSY_SHARE = 0.8;
/** Mean of the archive's per-minute volume factor (log-normal, median 1, σ VOLUME_SIGMA). */
const LOGNORMAL_MEAN = Math.exp(VOLUME_SIGMA ** 2 / 2);

export function newWarmFlow(pools: number, minutes: number): WarmFlow {
  return {
    minutes: 0,
    sealed: false,
    native: Array.from({ length: pools }, () => new Float64Array(minutes)),
    trades: new Array(pools).fill(0),
  };
}

/** Adds a warm-up swap to its token's flow; returns false once the warm-up is over (the caller stops listening). */
export function recordWarmSwap(
  e: RawEvent,
  warmStart: number,
  start: number,
  token: (chain: string, address: string) => SimToken | undefined,
): boolean {
  if (e.at >= start) return false;
  if (e.type !== "swap") return true;
  const a = token(e.chain, e.token)?.archive;
  const flow = a?.flow;
  if (!a || !flow) return true;
  const i = a.pools.findIndex((p) => p.address === e.pool);
  const minute = Math.floor((e.at - warmStart) / 60_000);
  const bins = flow.native[i];
  if (!bins || minute < 0 || minute >= bins.length) return true;
  bins[minute] = (bins[minute] as number) + e.amountNative;
  flow.trades[i] = (flow.trades[i] as number) + 1;
  return true;
}

/** Marks every flow complete: the warm-up is over. */
export function sealWarmFlows(tokens: Iterable<SimToken>, minutes: number): void {
  for (const t of tokens)
    if (t.archive?.flow) {
      t.archive.flow.minutes = minutes;
      t.archive.flow.sealed = true;
    }
}

/**
 * Hourly native volume and mean trade size of a pool's archive, from the sealed warm-up flow where there is one: the
 * archive's median minute is the live median minute. A pool trading in fewer minutes than that (a thin pool: an odd
 * fat-finger trade and its arbitrage) is levelled on its typical trading minute times the share of minutes it
 * trades in, so a rare outsized trade does not lift its whole past. Else (no warm-up, or too short, or too few
 * trades) the nominal level.
 */
export function archiveLevel(
  flow: WarmFlow | undefined,
  pool: number,
  nominal: { hourlyVolume: number; avgTradeNative: number },
): { hourlyVolume: number; avgTradeNative: number } {
  if (!flow?.sealed || flow.minutes < MIN_OBSERVED_MINUTES) return nominal;
  const bins = flow.native[pool];
  const trades = flow.trades[pool] ?? 0;
  if (!bins || trades < MIN_TRADES) return nominal;
  const seen = Array.from(bins.subarray(0, flow.minutes));
  const traded = seen.filter((v) => v > 0);
  const busy = traded.length / seen.length;
  const perMinute = busy >= BUSY_SHARE ? median(seen) : median(traded) * busy;
  // Trades per archived minute are its volume over the mean trade: sized so the archive's minutes average the live
  // pace (an archived minute's volume is the level times a log-normal factor whose mean is LOGNORMAL_MEAN).
  return { hourlyVolume: perMinute * 60, avgTradeNative: (perMinute * LOGNORMAL_MEAN) / (trades / flow.minutes) };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1] ?? 0;
}
