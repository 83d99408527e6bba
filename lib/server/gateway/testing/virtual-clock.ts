import type { Clock, TimerHandle } from "@/lib/api/clock";

// A manual clock for the gateway's tests (the interface and the wall clock are lib/api/clock.ts).

export interface VirtualClock extends Clock {
  /** Moves time forward, firing due timers in order (timers scheduled meanwhile fire too when due). */
  advance(ms: number): void;
  pending(): number;
}

/** A manual clock for tests: nothing fires until `advance`. */
export function createVirtualClock(start = 1_700_000_000_000): VirtualClock {
  let now = start;
  let seq = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => now,
    setTimeout(fn, ms) {
      const id = ++seq;
      timers.set(id, { at: now + Math.max(0, ms), fn });
      return id as unknown as TimerHandle;
    },
    clearTimeout(handle) {
      if (handle !== undefined) timers.delete(handle as unknown as number);
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        let next: [number, { at: number; fn: () => void }] | undefined;
        for (const entry of timers) if (entry[1].at <= end && (!next || entry[1].at < next[1].at)) next = entry;
        if (!next) break;
        timers.delete(next[0]);
        now = Math.max(now, next[1].at);
        next[1].fn();
      }
      now = end;
    },
    pending: () => timers.size,
  };
}
