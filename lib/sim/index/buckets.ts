import { INTERVAL_SECONDS, type OhlcvInterval } from "@/lib/api";

// Bucket starts are bucketStart in lib/api (§4.5); this is how the index stores what they aggregate.

/** Which stored resolution an interval is built from. */
export function sourceStep(interval: OhlcvInterval): 1 | 60 | 3600 {
  const s = INTERVAL_SECONDS[interval];
  if (s < 60) return 1;
  if (s < 3600) return 60;
  return 3600;
}
