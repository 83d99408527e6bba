import { INTERVAL_SECONDS, OHLCV_INTERVALS, type OhlcvInterval } from "@/lib/api/core";

// §4.5 intervals: the common ones on the picker, the rest behind "more" (bucket starts: bucketStart in lib/api).

export const PRIMARY_INTERVALS: readonly OhlcvInterval[] = ["1s", "15s", "1m", "5m", "15m", "1h", "4h", "1d"];
export const MORE_INTERVALS: readonly OhlcvInterval[] = OHLCV_INTERVALS.filter((i) => !PRIMARY_INTERVALS.includes(i));

const LONG_NAMES: Record<OhlcvInterval, string> = {
  "1s": "1 second",
  "5s": "5 seconds",
  "15s": "15 seconds",
  "30s": "30 seconds",
  "1m": "1 minute",
  "3m": "3 minutes",
  "5m": "5 minutes",
  "15m": "15 minutes",
  "30m": "30 minutes",
  "1h": "1 hour",
  "2h": "2 hours",
  "4h": "4 hours",
  "6h": "6 hours",
  "12h": "12 hours",
  "1d": "1 day",
  "1w": "1 week",
  "1M": "1 month",
};

export function intervalName(i: OhlcvInterval): string {
  return LONG_NAMES[i];
}

/** "1M" (month) and "1m" (minute) differ only by case: months read "1mo" on buttons. */
export function intervalLabel(i: OhlcvInterval): string {
  return i === "1M" ? "1mo" : i;
}

export function parseInterval(raw: unknown): OhlcvInterval | null {
  return typeof raw === "string" && (OHLCV_INTERVALS as readonly string[]).includes(raw)
    ? (raw as OhlcvInterval)
    : null;
}

/** Up to three picker intervals longer than `i`, for a window with no trades at `i`. */
export function coarserIntervals(i: OhlcvInterval): OhlcvInterval[] {
  return PRIMARY_INTERVALS.filter((p) => INTERVAL_SECONDS[p] > INTERVAL_SECONDS[i]).slice(0, 3);
}

/**
 * A young token reads best on short candles: the default interval follows its age. Sub-minute candles only while the
 * token is under 30 minutes old: services keep second buckets for a short window (the embedded market: 30 minutes),
 * so an older token on 15 s candles would open on a chart holding only its last half hour.
 */
export function defaultInterval(ageMs: number | null): OhlcvInterval {
  if (ageMs === null || !Number.isFinite(ageMs)) return "5m";
  if (ageMs < 30 * 60_000) return "1s";
  if (ageMs < 3 * 86400_000) return "1m";
  return "5m";
}

export function showsSeconds(i: OhlcvInterval): boolean {
  return INTERVAL_SECONDS[i] < 60;
}
