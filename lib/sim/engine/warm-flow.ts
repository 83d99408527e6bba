import type { RawEvent } from "./events";
import { ARCHIVE_VOLUME_MEAN } from "./history";
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

/** A pool's archive level: native volume per hour and the mean trade that makes its trade counts. */
export interface ArchiveLevel {
  hourlyVolume: number;
  avgTradeNative: number;
}

/**
 * Hourly native volume and mean trade size of each pool's archive (same order as the flow's pools), from the sealed
 * warm-up flow where there is one. Each pool's typical minute is its median minute; a pool trading in fewer minutes
 * than that (a thin pool: an odd fat-finger trade and its arbitrage) its typical trading minute times the share of
 * minutes it trades in, so a rare outsized trade does not lift its whole past. The pools levelled on the flow are then
 * scaled together so that their sum is the token's own typical minute over all of them: the chart adds the pools up,
 * and the median of a sum is not the sum of the medians. A pool the flow says too little about (no warm-up, too short,
 * too few trades) keeps its nominal level.
 */
export function archiveLevels(flow: WarmFlow | undefined, nominal: ArchiveLevel[]): ArchiveLevel[] {
  if (!flow?.sealed || flow.minutes < MIN_OBSERVED_MINUTES) return nominal;
  const pools = nominal.map((_, i) => i).filter((i) => flow.native[i] && (flow.trades[i] ?? 0) >= MIN_TRADES);
  if (pools.length === 0) return nominal;
  const minutesOf = (i: number) => (flow.native[i] as Float64Array).subarray(0, flow.minutes);
  const own = new Map(pools.map((i) => [i, typicalMinute(Array.from(minutesOf(i)))]));
  const total = new Array<number>(flow.minutes).fill(0);
  for (const i of pools) minutesOf(i).forEach((v, m) => (total[m] = (total[m] as number) + v));
  const sumOwn = pools.reduce((a, i) => a + (own.get(i) as number), 0);
  const scale = sumOwn > 0 ? typicalMinute(total) / sumOwn : 0;
  return nominal.map((n, i) => {
    const mine = own.get(i);
    if (mine === undefined) return n;
    const perMinute = mine * scale;
    // Trades per archived minute are its volume over the mean trade: sized so the archive's minutes average the live
    // pace (an archived minute's volume is the level times factors whose mean is ARCHIVE_VOLUME_MEAN).
    const tradesPerMinute = (flow.trades[i] as number) / flow.minutes;
    return { hourlyVolume: perMinute * 60, avgTradeNative: (perMinute * ARCHIVE_VOLUME_MEAN) / tradesPerMinute };
  });
}

/** A steady flow's median minute; a sparse one's median trading minute times the share of minutes it trades in. */
function typicalMinute(minutes: number[]): number {
  const traded = minutes.filter((v) => v > 0);
  if (traded.length === 0) return 0;
  const busy = traded.length / minutes.length;
  return busy >= BUSY_SHARE ? median(minutes) : median(traded) * busy;
}

/** The middle value (the upper one of an even count), 0 for none. */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1] ?? 0;
}
