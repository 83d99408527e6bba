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

interface Entry {
  at: number;
  seq: number;
  fn: () => void;
}

/** Timers over any clock that only moves when told; `runDue` fires what is due, in time order. */
function timerQueue(now: () => number) {
  let seq = 0;
  const queue = new Map<number, Entry>();
  const next = () => {
    let best: Entry | undefined;
    for (const t of queue.values()) if (!best || t.at < best.at || (t.at === best.at && t.seq < best.seq)) best = t;
    return best;
  };
  const timers: Timers = {
    now,
    setTimeout(fn, ms) {
      const id = ++seq;
      queue.set(id, { at: now() + Math.max(0, ms), seq: id, fn });
      return id as unknown as TimerHandle;
    },
    clearTimeout(handle) {
      if (handle !== undefined) queue.delete(handle as unknown as number);
    },
  };
  /** Fires every timer due at or before `end` (including ones scheduled while firing); `onFire` sets the time. */
  const runDue = (end: number, onFire: (at: number) => void = () => {}) => {
    for (let t = next(); t && t.at <= end; t = next()) {
      queue.delete(t.seq);
      onFire(t.at);
      t.fn();
    }
  };
  return { timers, runDue, size: () => queue.size };
}

export interface ManualTimers extends Timers {
  /** Moves time forward, firing due timers in time order (timers scheduled while firing included). */
  advance(ms: number): void;
  pending(): number;
}

/** A virtual clock for tests and benchmarks: nothing fires until `advance`. */
export function createManualTimers(start = 0): ManualTimers {
  let now = start;
  const q = timerQueue(() => now);
  return {
    ...q.timers,
    advance(ms) {
      const end = now + ms;
      q.runDue(end, (at) => {
        now = at;
      });
      now = end;
    },
    pending: q.size,
  };
}

/** The market's virtual clock (moved by `advance`, announced through `onAdvance`). */
export interface AdvancingClock {
  now(): number;
  onAdvance(listener: (now: number) => void): () => void;
}

/** Timers that follow a virtual market clock: advancing the market fires what became due. */
export function createClockTimers(clock: AdvancingClock): Timers & { dispose(): void; pending(): number } {
  const q = timerQueue(() => clock.now());
  const off = clock.onAdvance((now) => q.runDue(now));
  return { ...q.timers, dispose: off, pending: q.size };
}
