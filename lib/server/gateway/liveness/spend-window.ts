// Credits spent over a sliding window (the last minute), in one-second buckets: bounded whatever the call rate.

const BUCKET_MS = 1_000;

export class SpendWindow {
  private readonly buckets: { at: number; sum: number }[] = [];

  constructor(private readonly windowMs: number) {}

  add(now: number, credits: number): void {
    const at = Math.floor(now / BUCKET_MS) * BUCKET_MS;
    const last = this.buckets.at(-1);
    if (last && last.at === at) last.sum += credits;
    else this.buckets.push({ at, sum: credits });
    this.prune(now);
  }

  sum(now: number): number {
    this.prune(now);
    let total = 0;
    for (const b of this.buckets) total += b.sum;
    return total;
  }

  private prune(now: number): void {
    while (this.buckets.length > 0 && (this.buckets[0] as { at: number }).at <= now - this.windowMs) this.buckets.shift();
  }
}
