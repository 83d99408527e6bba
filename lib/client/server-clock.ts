// The market's clock as the browser sees it: serverNow ≈ Date.now() + serverOffsetMs().
// Every REST envelope and stream event carries `meta.asOf` (the upstream's time when it answered). A cached answer is
// older than "now", never newer, so the largest recent offset is the best estimate (as NTP keeps its best sample).
// A simulated market running faster than real time, or a skewed local clock, then still reads right in every age.

const WINDOW = 32;
/** Offsets closer than this to the current one are not news (ages show whole seconds). */
const SIGNIFICANT_MS = 250;

export interface ServerClock {
  observe(asOf: number, localNow?: number): void;
  offsetMs(): number;
  subscribe(listener: () => void): () => void;
}

export function createServerClock(): ServerClock {
  const samples: number[] = [];
  let offset = 0;
  const listeners = new Set<() => void>();
  return {
    observe(asOf, localNow = Date.now()) {
      if (!Number.isFinite(asOf) || asOf <= 0) return;
      samples.push(asOf - localNow);
      if (samples.length > WINDOW) samples.shift();
      const best = Math.max(...samples);
      if (Math.abs(best - offset) < SIGNIFICANT_MS) return;
      offset = best;
      for (const l of listeners) l();
    },
    offsetMs: () => offset,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The tab's clock (server renders use no offset: their ages are replaced on hydration). */
export const serverClock: ServerClock = createServerClock();

export function observeServerTime(asOf: number): void {
  if (typeof window !== "undefined") serverClock.observe(asOf);
}
