// The stream server schedules everything (auth deadline, 1 s windows, pulse snapshots, heartbeats, credits,
// fault delays) through this interface so tests can drive time by hand instead of sleeping.

export type TimerHandle = { readonly __timer: unique symbol };

export interface Timers {
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle | undefined): void;
}

export const realTimers: Timers = {
  now: () => Date.now(),
  setTimeout(fn, ms) {
    const t = setTimeout(fn, Math.max(0, ms));
    t.unref?.();
    return t as unknown as TimerHandle;
  },
  clearTimeout(handle) {
    if (handle) clearTimeout(handle as unknown as NodeJS.Timeout);
  },
};

export interface ManualTimers extends Timers {
  /** Moves time forward, firing due timers in time order (timers scheduled while firing included). */
  advance(ms: number): void;
  pending(): number;
}

/** A virtual clock for tests and benchmarks: nothing fires until `advance`. */
export function createManualTimers(start = 0): ManualTimers {
  let now = start;
  let seq = 0;
  const queue = new Map<number, { at: number; seq: number; fn: () => void }>();
  const next = () => {
    let best: { at: number; seq: number; fn: () => void } | undefined;
    for (const t of queue.values()) if (!best || t.at < best.at || (t.at === best.at && t.seq < best.seq)) best = t;
    return best;
  };
  return {
    now: () => now,
    setTimeout(fn, ms) {
      const id = ++seq;
      queue.set(id, { at: now + Math.max(0, ms), seq: id, fn });
      return id as unknown as TimerHandle;
    },
    clearTimeout(handle) {
      if (handle !== undefined) queue.delete(handle as unknown as number);
    },
    advance(ms) {
      const end = now + ms;
      for (let t = next(); t && t.at <= end; t = next()) {
        queue.delete(t.seq);
        now = t.at;
        t.fn();
      }
      now = end;
    },
    pending: () => queue.size,
  };
}
