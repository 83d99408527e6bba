import { type Clock, createClock } from "./engine/clock";
import { archiveHistory } from "./engine/established";
import { type MarketCaps, SimMarket } from "./engine/market";
import { MarketIndex } from "./index/market-index";
import type { IndexCaps } from "./index/state";

// The market and its index on one clock. `sync()` brings both up to the clock's time (bounded work per call).

export interface SimCoreOptions {
  seed: number;
  clock?: Clock;
  speed?: number;
  /** Market time at start (defaults to the clock's now). */
  start?: number;
  /** Market time simulated before `start` at start-up (default 20 min). */
  warmupMs?: number;
  marketCaps?: Partial<MarketCaps>;
  indexCaps?: Partial<IndexCaps>;
  /** Launches per second (default 1/3.5) and a trade-rate multiplier (default 1). */
  launchRate?: number;
  activityScale?: number;
  /** Base URL of the icons and avatars the market serves (see engine/assets.ts). */
  assetBase?: string;
}

const MAX_JOBS_PER_SYNC = 50_000;

export class SimCore {
  readonly clock: Clock;
  readonly market: SimMarket;
  readonly index: MarketIndex;
  private syncing = false;

  constructor(opts: SimCoreOptions) {
    this.clock = opts.clock ?? createClock({ start: opts.start, speed: opts.speed ?? 1 });
    const start = opts.start ?? this.clock.now();
    this.market = new SimMarket({
      seed: opts.seed,
      start,
      warmupMs: opts.warmupMs,
      caps: opts.marketCaps,
      launchRate: opts.launchRate,
      activityScale: opts.activityScale,
      assetBase: opts.assetBase,
    });
    this.index = new MarketIndex({
      prices: this.market.prices,
      factories: this.market.factories,
      start: this.market.warmStart,
      caps: opts.indexCaps,
      archive: (chain, address) => {
        const t = this.market.token(chain, address);
        return t ? archiveHistory(t) : [];
      },
    });
    this.market.onEvent((e) => this.index.apply(e));
    this.market.init();
    // Warm up in 1-minute steps so time-based views transition on the way.
    for (let t = this.market.warmStart; t < start; t += 60_000) this.step(t, Number.POSITIVE_INFINITY);
    this.step(start, Number.POSITIVE_INFINITY);
    this.market.endWarmup();
    if (this.clock.virtual) this.clock.onAdvance(() => this.syncAll());
  }

  now(): number {
    return this.clock.now();
  }

  /** Catches up with the clock, at most MAX_JOBS_PER_SYNC events (the rest on the next call). */
  sync(): void {
    this.step(this.clock.now(), MAX_JOBS_PER_SYNC);
  }

  /** Catches up completely (virtual clocks: tests expect the world to be current after `advance`). */
  syncAll(): void {
    const target = this.clock.now();
    while (
      this.market.ctx.scheduler.peekTime() !== undefined &&
      (this.market.ctx.scheduler.peekTime() as number) <= target
    )
      this.step(target, MAX_JOBS_PER_SYNC);
    this.step(target, MAX_JOBS_PER_SYNC);
  }

  private step(t: number, maxJobs: number): void {
    if (this.syncing) return;
    this.syncing = true;
    try {
      this.market.advanceTo(t, maxJobs);
      this.index.tick(Math.min(t, this.market.now));
    } finally {
      this.syncing = false;
    }
  }
}
