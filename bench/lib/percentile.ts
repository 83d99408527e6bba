// Nearest-rank percentile, the one every benchmark and system check reports (p50, p99): the smallest sample with at
// least p % of the samples at or below it. NaN for no samples.

/** Of samples already sorted ascending (no copy: for large typed arrays). */
export function percentileOfSorted(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/** Of samples in any order (sorts a copy). */
export function percentile(values: readonly number[], p: number): number {
  return percentileOfSorted(
    [...values].sort((a, b) => a - b),
    p,
  );
}
