import type { Clock, TimerHandle } from "@/lib/api/clock";

// §6 token-updates: at most one event per interval per key. The first change goes out at once; later changes
// inside the window are coalesced and the latest state goes out when the window ends, so nothing is lost.

export interface Coalescer {
  /** Marks `key` changed: emits now if its window is closed, else once when the window ends. */
  touch(key: string): void;
  /** Forgets a pending emit for `key` but keeps its window (e.g. after a pulse `leave`). */
  dropPending(key: string): void;
  /** Forgets every pending emit (e.g. a pulse snapshot just carried the latest state). */
  dropAllPending(): void;
  /** Open windows: bounded by the keys touched within the last interval. */
  size(): number;
  dispose(): void;
}

export function createCoalescer(timers: Clock, intervalMs: number, emit: (key: string) => void): Coalescer {
  const windows = new Map<string, { pending: boolean; timer: TimerHandle }>();

  const close = (key: string) => {
    const w = windows.get(key);
    if (!w) return;
    if (!w.pending) {
      windows.delete(key);
      return;
    }
    w.pending = false;
    w.timer = timers.setTimeout(() => close(key), intervalMs);
    emit(key);
  };

  return {
    touch(key) {
      const w = windows.get(key);
      if (w) {
        w.pending = true;
        return;
      }
      windows.set(key, { pending: false, timer: timers.setTimeout(() => close(key), intervalMs) });
      emit(key);
    },
    dropPending(key) {
      const w = windows.get(key);
      if (w) w.pending = false;
    },
    dropAllPending() {
      for (const w of windows.values()) w.pending = false;
    },
    size: () => windows.size,
    dispose() {
      for (const w of windows.values()) timers.clearTimeout(w.timer);
      windows.clear();
    },
  };
}
