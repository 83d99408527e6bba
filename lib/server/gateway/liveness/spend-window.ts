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

/**
 * Credits paced over time (a token bucket): it refills at the minute's limit spread evenly, up to a few seconds' worth,
 * so a burst of new polls (many views joining at once) cannot spend the whole minute in seconds and leave nothing for
 * the rest of it. The limit is passed on every call (a plan may change it); an infinite limit never holds back.
 * What was taken can put the level below zero (a poll cost more than its usual price): later polls wait for it.
 */
export class SpendPace {
  private level: number | null = null;
  private at = 0;

  constructor(
    /** Seconds' worth of the limit that may be spent at once. */
    private readonly burstMs: number,
    /** The least the bucket holds when full: one poll's highest usual cost, so a tiny limit still lets a poll through. */
    private readonly minBurst: number,
  ) {}

  capacity(perMinute: number): number {
    return Math.max(this.minBurst, (perMinute * this.burstMs) / 60_000);
  }

  /** Credits available now under a limit of `perMinute`. */
  available(now: number, perMinute: number): number {
    if (!Number.isFinite(perMinute)) return Number.POSITIVE_INFINITY;
    const cap = this.capacity(perMinute);
    const level = this.level === null ? cap : Math.min(cap, this.level + (Math.max(0, now - this.at) * perMinute) / 60_000);
    this.level = level;
    this.at = Math.max(this.at, now);
    return level;
  }

  /** Takes credits (a negative amount gives back, up to a full bucket). */
  take(now: number, credits: number, perMinute: number): void {
    if (!Number.isFinite(perMinute)) return;
    const level = this.available(now, perMinute);
    this.level = Math.min(this.capacity(perMinute), level - credits);
  }

  /** ms until `credits` are available at `perMinute` (0 if they are now). */
  msUntil(now: number, credits: number, perMinute: number): number {
    const short = credits - this.available(now, perMinute);
    if (short <= 0 || !Number.isFinite(perMinute)) return 0;
    return perMinute > 0 ? Math.ceil((short * 60_000) / perMinute) : Number.POSITIVE_INFINITY;
  }
}
