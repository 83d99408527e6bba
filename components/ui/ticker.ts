// One clock for every relative time on the page: a single interval, started by the first subscriber and
// stopped by the last, instead of one timer per <Age>.

export interface Ticker {
  /** Time of the last tick (or the clock itself while nobody listens). */
  now(): number;
  subscribe(listener: () => void): () => void;
  listenerCount(): number;
  running(): boolean;
}

export interface TickerDeps {
  periodMs?: number;
  clock?: () => number;
  setInterval?: (fn: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
}

export function createTicker(deps: TickerDeps = {}): Ticker {
  const periodMs = deps.periodMs ?? 1000;
  const clock = deps.clock ?? Date.now;
  const start = deps.setInterval ?? ((fn, ms) => globalThis.setInterval(fn, ms));
  const stop = deps.clearInterval ?? ((h) => globalThis.clearInterval(h as ReturnType<typeof setInterval>));
  const listeners = new Set<() => void>();
  let handle: unknown = null;
  let current = clock();

  const tick = () => {
    current = clock();
    for (const l of [...listeners]) l();
  };

  return {
    now: () => (handle === null ? clock() : current),
    subscribe(listener) {
      listeners.add(listener);
      if (handle === null) {
        current = clock();
        handle = start(tick, periodMs);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && handle !== null) {
          stop(handle);
          handle = null;
        }
      };
    },
    listenerCount: () => listeners.size,
    running: () => handle !== null,
  };
}

/** The page-wide 1 s ticker. */
export const sharedTicker = createTicker();
