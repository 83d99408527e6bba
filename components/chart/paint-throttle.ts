// Live ticks can arrive every frame; the chart repaints its whole pane on each update. This coalesces them: the first
// tick after a quiet spell paints at once (next task), later ones at most once per `ms`, always with the newest state.

export interface PaintThrottle {
  /** Asks for a paint; returns immediately. */
  request(): void;
  /** Drops a pending paint (a full redraw supersedes it). */
  cancel(): void;
  readonly pending: boolean;
}

export interface ThrottleDeps {
  now(): number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

const realDeps: ThrottleDeps = {
  now: () => performance.now(),
  setTimer: (fn, ms) => setTimeout(fn, ms),
  clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export function createPaintThrottle(paint: () => void, ms: number, deps: ThrottleDeps = realDeps): PaintThrottle {
  let timer: unknown = null;
  let last = Number.NEGATIVE_INFINITY;
  const run = () => {
    timer = null;
    last = deps.now();
    paint();
  };
  return {
    request() {
      if (timer !== null) return;
      timer = deps.setTimer(run, Math.max(0, last + ms - deps.now()));
    },
    cancel() {
      if (timer !== null) deps.clearTimer(timer);
      timer = null;
    },
    get pending() {
      return timer !== null;
    },
  };
}
