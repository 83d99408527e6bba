import { INTERVAL_SECONDS, type OhlcvInterval } from "./constants";

// §4.5 bucket starts, one rule for the embedded market, the gateway and the chart: fixed widths, `1w` from Monday
// 00:00 UTC, `1M` from the 1st of the month.

const MONDAY_OFFSET = 4 * 86400; // 1970-01-05 was a Monday

/** Start (unix s) of the `interval` bucket holding `sec`. */
export function bucketStart(interval: OhlcvInterval, sec: number): number {
  if (interval === "1M") {
    const d = new Date(sec * 1000);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
  }
  if (interval === "1w") return Math.floor((sec - MONDAY_OFFSET) / 604800) * 604800 + MONDAY_OFFSET;
  const step = INTERVAL_SECONDS[interval];
  return Math.floor(sec / step) * step;
}
