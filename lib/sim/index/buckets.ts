import { INTERVAL_SECONDS, type OhlcvInterval } from "@/lib/api";

// Bucket starts per interval (§4.5): fixed widths, `1w` from Monday 00:00 UTC, `1M` from the 1st of the month.

const MONDAY_OFFSET = 4 * 86400; // 1970-01-05 was a Monday

export function bucketStart(interval: OhlcvInterval, sec: number): number {
  if (interval === "1M") {
    const d = new Date(sec * 1000);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
  }
  if (interval === "1w") return Math.floor((sec - MONDAY_OFFSET) / 604800) * 604800 + MONDAY_OFFSET;
  const step = INTERVAL_SECONDS[interval];
  return Math.floor(sec / step) * step;
}

/** Which stored resolution an interval is built from. */
export function sourceStep(interval: OhlcvInterval): 1 | 60 | 3600 {
  const s = INTERVAL_SECONDS[interval];
  if (s < 60) return 1;
  if (s < 3600) return 60;
  return 3600;
}
