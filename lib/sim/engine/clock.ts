// The market's clock: real time scaled by `speed` by default, or virtual (moved only by `advance`) for tests.

export interface Clock {
  now(): number;
  readonly virtual: boolean;
  readonly speed: number;
  /** Virtual clocks only: moves time forward and notifies listeners synchronously. */
  advance(ms: number): void;
  /** Called after each `advance` (virtual) — real clocks never call it. */
  onAdvance(listener: (now: number) => void): () => void;
}

export interface ClockOptions {
  /** Market time at creation (ms). Defaults to the wall clock. */
  start?: number;
  /** Market milliseconds per real millisecond (real clocks only). */
  speed?: number;
  virtual?: boolean;
  /** Wall-clock source, injectable for tests. */
  wall?: () => number;
}

export function createClock(opts: ClockOptions = {}): Clock {
  const wall = opts.wall ?? Date.now;
  const start = opts.start ?? wall();
  const speed = opts.speed ?? 1;
  if (!(speed > 0) || !Number.isFinite(speed))
    throw new RangeError(`clock speed must be a positive number, got ${speed}`);
  const listeners = new Set<(now: number) => void>();
  if (opts.virtual) {
    let t = start;
    return {
      virtual: true,
      speed,
      now: () => t,
      advance(ms) {
        if (!(ms >= 0)) throw new RangeError(`advance needs a non-negative duration, got ${ms}`);
        t += ms;
        for (const l of [...listeners]) l(t);
      },
      onAdvance(l) {
        listeners.add(l);
        return () => listeners.delete(l);
      },
    };
  }
  const wall0 = wall();
  return {
    virtual: false,
    speed,
    now: () => Math.floor(start + (wall() - wall0) * speed),
    advance() {
      throw new Error("a real-time clock cannot be advanced; create it with { virtual: true }");
    },
    onAdvance: () => () => {},
  };
}
