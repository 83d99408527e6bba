import type { PoolHistory } from "./events";
import type { Rng } from "./rng";

// Coarse history for established tokens: months of hourly candles and the last day in minutes, from a seeded
// random walk that ends exactly at the pool's current price. Minute buckets also carry trade counts. A bucket's volume
// is its pool's level times the token's activity in that bucket (shared by its pools: a busy minute is busy in every
// pool) times a smaller per-pool spread.

export const HISTORY_DAYS = 120;

export interface HistoryInput {
  chain: PoolHistory["chain"];
  token: string;
  pool: string;
  /** Price (native) at `end`. */
  endPrice: number;
  /** History ends here (ms); see historyShape. */
  end: number;
  /** Native volume per hour at the typical bucket (the level; see warm-flow.ts's archiveLevels). */
  hourlyVolume: number;
  /**
   * How much busier (above 1) or quieter the token was long ago: reached over TURNOVER_RAMP_SEC back from `end`, so the
   * buckets next to the live market trade at its pace.
   */
  turnover: number;
  avgTradeNative: number;
  /** Per-pool deviation from the token path (thin pools deviate more). */
  deviation: number;
  createdAt: number;
}

/** A token's history, shared by its pools: log-price path and activity (volume factor) per bucket. */
export interface TokenPath {
  hourly: number[];
  minutely: number[];
  hourlyActivity: number[];
  minutelyActivity: number[];
}

/** Log-price path of a token backwards from its end price (hourly part then minute part), and its activity. */
export function tokenPath(rng: Rng, hours: number, minutes: number): TokenPath {
  const hourly: number[] = new Array(hours);
  const minutely: number[] = new Array(minutes);
  let x = 0;
  const sm = 0.0016;
  for (let i = minutes - 1; i >= 0; i--) {
    minutely[i] = x;
    x -= sm * rng.normal();
  }
  const sh = 0.011;
  const drift = rng.range(-0.0004, 0.0006);
  for (let i = hours - 1; i >= 0; i--) {
    hourly[i] = x;
    x -= sh * rng.normal() + drift;
  }
  const activity = (n: number) => Array.from({ length: n }, () => rng.logNormal(1, VOLUME_SIGMA));
  return { hourly, minutely, hourlyActivity: activity(hours), minutelyActivity: activity(minutes) };
}

/** Bucket layout: hourly buckets end where the minute window starts, on an hour boundary. */
export function historyShape(endMs: number): {
  hours: number;
  minutes: number;
  hoursStart: number;
  minutesStart: number;
} {
  const endSec = Math.floor(endMs / 60_000) * 60;
  const minutesStart = Math.floor((endSec - 86_400) / 3600) * 3600;
  const hours = HISTORY_DAYS * 24;
  return { hours, minutes: (endSec - minutesStart) / 60, hoursStart: minutesStart - hours * 3600, minutesStart };
}

/** Spread of a token's activity from bucket to bucket (log-normal, median 1). */
export const VOLUME_SIGMA = 0.6;
/** Spread of one pool's bucket around the token's activity (log-normal, median 1). */
export const POOL_VOLUME_SIGMA = 0.2;
/** Mean of a bucket's volume over its level: the product of both log-normal factors. */
export const ARCHIVE_VOLUME_MEAN = Math.exp((VOLUME_SIGMA ** 2 + POOL_VOLUME_SIGMA ** 2) / 2);
/** Turnover is fully reached this far back from the history's end (a week). */
export const TURNOVER_RAMP_SEC = 7 * 86_400;

export function poolHistories(rng: Rng, h: HistoryInput, path: TokenPath): PoolHistory[] {
  const { hoursStart, minutesStart } = historyShape(h.end);
  const createdSec = Math.floor(h.createdAt / 1000);
  const hourly = series(h, 3600, hoursStart, path.hourly, path.hourlyActivity, h.hourlyVolume, rng, createdSec);
  const minutely = series(
    h,
    60,
    minutesStart,
    path.minutely,
    path.minutelyActivity,
    h.hourlyVolume / 60,
    rng,
    createdSec,
  );
  return [hourly, minutely];
}

function series(
  h: HistoryInput,
  step: number,
  start: number,
  logPath: number[],
  activity: number[],
  vol: number,
  rng: Rng,
  createdSec: number,
): PoolHistory {
  const out: PoolHistory = {
    type: "history",
    at: h.end,
    chain: h.chain,
    token: h.token,
    pool: h.pool,
    stepSec: step,
    time: [],
    open: [],
    high: [],
    low: [],
    close: [],
    volume: [],
    trades: [],
    buys: [],
  };
  const wick = step === 3600 ? 0.006 : 0.0012;
  let prev = Number.NaN;
  const endSec = Math.floor(h.end / 60_000) * 60;
  for (let i = 0; i < logPath.length; i++) {
    const time = start + i * step;
    if (time < createdSec) continue;
    const dev = 1 + h.deviation * rng.normal();
    const close = h.endPrice * Math.exp(logPath[i] as number) * dev;
    const open = Number.isNaN(prev) ? close : prev;
    const high = Math.max(open, close) * (1 + Math.abs(rng.normal()) * wick);
    const low = Math.min(open, close) / (1 + Math.abs(rng.normal()) * wick);
    const past = h.turnover ** Math.min(1, (endSec - time) / TURNOVER_RAMP_SEC);
    const volume = vol * past * (activity[i] as number) * rng.logNormal(1, POOL_VOLUME_SIGMA);
    const trades = Math.max(1, Math.round(volume / h.avgTradeNative));
    out.time.push(time);
    out.open.push(open);
    out.high.push(high);
    out.low.push(low);
    out.close.push(close);
    out.volume.push(volume);
    out.trades.push(trades);
    out.buys.push(Math.round(trades * rng.range(0.4, 0.6)));
    prev = close;
  }
  // The last minute closes exactly at the live pool price (the walk is anchored there).
  if (step === 60 && out.close.length) {
    const last = out.close.length - 1;
    out.close[last] = h.endPrice;
    out.high[last] = Math.max(out.high[last] as number, h.endPrice);
    out.low[last] = Math.min(out.low[last] as number, h.endPrice);
  }
  return out;
}
