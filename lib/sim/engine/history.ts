import type { PoolHistory } from "./events";
import type { Rng } from "./rng";

// Coarse history for established tokens: months of hourly candles and the last day in minutes, from a seeded
// random walk that ends exactly at the pool's current price. Minute buckets also carry trade counts.

export const HISTORY_DAYS = 120;

export interface HistoryInput {
  chain: PoolHistory["chain"];
  token: string;
  pool: string;
  /** Price (native) at `end`. */
  endPrice: number;
  /** History ends here (ms); see historyShape. */
  end: number;
  /** Native volume per hour on average. */
  hourlyVolume: number;
  avgTradeNative: number;
  /** Per-pool deviation from the token path (thin pools deviate more). */
  deviation: number;
  createdAt: number;
}

/** Log-price path of a token backwards from its end price: hourly part then minute part (shared by its pools). */
export function tokenPath(rng: Rng, hours: number, minutes: number): { hourly: number[]; minutely: number[] } {
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
  return { hourly, minutely };
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

/** Spread of a history bar's volume around its level (log-normal, median 1). */
export const VOLUME_SIGMA = 0.6;

export function poolHistories(
  rng: Rng,
  h: HistoryInput,
  path: { hourly: number[]; minutely: number[] },
): PoolHistory[] {
  const { hoursStart, minutesStart } = historyShape(h.end);
  const createdSec = Math.floor(h.createdAt / 1000);
  const hourly = series(h, 3600, hoursStart, path.hourly, h.hourlyVolume, rng, createdSec);
  const minutely = series(h, 60, minutesStart, path.minutely, h.hourlyVolume / 60, rng, createdSec);
  return [hourly, minutely];
}

function series(
  h: HistoryInput,
  step: number,
  start: number,
  logPath: number[],
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
  for (let i = 0; i < logPath.length; i++) {
    const time = start + i * step;
    if (time < createdSec) continue;
    const dev = 1 + h.deviation * rng.normal();
    const close = h.endPrice * Math.exp(logPath[i] as number) * dev;
    const open = Number.isNaN(prev) ? close : prev;
    const high = Math.max(open, close) * (1 + Math.abs(rng.normal()) * wick);
    const low = Math.min(open, close) / (1 + Math.abs(rng.normal()) * wick);
    const volume = vol * rng.logNormal(1, VOLUME_SIGMA);
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
