// A fixed-size latency histogram (0.05 ms buckets up to 5 s, then one overflow bucket): constant memory
// however many samples a run records, and mergeable across processes.

const BUCKET_MS = 0.05;
const BUCKETS = 100_000;

export class Histogram {
  readonly counts = new Uint32Array(BUCKETS + 1);
  total = 0;

  record(ms: number): void {
    if (!Number.isFinite(ms)) return;
    const i = ms <= 0 ? 0 : Math.min(BUCKETS, Math.floor(ms / BUCKET_MS));
    this.counts[i] = (this.counts[i] ?? 0) + 1;
    this.total++;
  }

  /** The upper edge of the bucket holding the p-th percentile (0–100); NaN when empty. */
  percentile(p: number): number {
    if (this.total === 0) return Number.NaN;
    const rank = Math.max(1, Math.ceil((p / 100) * this.total));
    let seen = 0;
    for (let i = 0; i <= BUCKETS; i++) {
      seen += this.counts[i] ?? 0;
      if (seen >= rank) return i === BUCKETS ? Number.POSITIVE_INFINITY : (i + 1) * BUCKET_MS;
    }
    return Number.POSITIVE_INFINITY;
  }

  reset(): void {
    this.counts.fill(0);
    this.total = 0;
  }

  /** Sparse form for IPC: [bucket, count] pairs. */
  toSparse(): [number, number][] {
    const out: [number, number][] = [];
    this.counts.forEach((c, i) => {
      if (c) out.push([i, c]);
    });
    return out;
  }

  static fromSparse(pairs: [number, number][]): Histogram {
    const h = new Histogram();
    for (const [i, c] of pairs) {
      h.counts[i] = (h.counts[i] ?? 0) + c;
      h.total += c;
    }
    return h;
  }
}
