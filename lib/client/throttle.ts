// One mechanism for "at most once per window" work driven by live events (the chart's tick paints, the tape's and
// the board's re-renders, live token figures written into the query cache): the first request after a quiet spell
// runs at once (`leading: "now"`, synchronously) or in the next task (`"task"`); the requests that follow within the
// window are coalesced into one run at its end, which reads the newest state itself.

export interface Throttle {
  /** Asks for a run; returns immediately (or after the run, when it is due now and `leading` is "now"). */
  request(): void;
  /** Drops a pending run. */
  cancel(): void;
  readonly pending: boolean;
}

export interface ThrottleDeps {
  now(): number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

const wallClock: ThrottleDeps = {
  now: () => Date.now(),
  setTimer: (fn, ms) => setTimeout(fn, ms),
  clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export function createThrottle(
  run: () => void,
  ms: number,
  opts: { leading: "now" | "task" },
  deps: ThrottleDeps = wallClock,
): Throttle {
  let timer: unknown = null;
  let last = Number.NEGATIVE_INFINITY;
  const fire = () => {
    timer = null;
    last = deps.now();
    run();
  };
  return {
    request() {
      if (timer !== null) return;
      const wait = last + ms - deps.now();
      if (wait <= 0 && opts.leading === "now") fire();
      else timer = deps.setTimer(fire, Math.max(0, wait));
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
