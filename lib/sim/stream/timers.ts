import type { Clock, TimerHandle } from "@/lib/api/clock";

// The stream server schedules everything (auth deadline, 1 s windows, pulse snapshots, heartbeats, credits,
// fault delays) through the one Clock interface (lib/api/clock.ts) so tests can drive time by hand instead of
// sleeping: here, the clocks that only move when told.

interface Entry {
  at: number;
  seq: number;
  fn: () => void;
}

const before = (a: Entry, b: Entry) => a.at < b.at || (a.at === b.at && a.seq < b.seq);

/** Timers over any clock that only moves when told: a binary heap, cancelled entries skipped lazily. */
function timerQueue(now: () => number) {
  let seq = 0;
  const live = new Map<number, Entry>();
  const heap: Entry[] = [];
  const push = (e: Entry) => {
    heap.push(e);
    for (let i = heap.length - 1; i > 0; ) {
      const p = (i - 1) >> 1;
      if (!before(heap[i], heap[p])) break;
      [heap[i], heap[p]] = [heap[p], heap[i]];
      i = p;
    }
  };
  const pop = () => {
    const top = heap[0];
    const last = heap.pop() as Entry;
    if (heap.length) {
      heap[0] = last;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && before(heap[l], heap[m])) m = l;
        if (r < heap.length && before(heap[r], heap[m])) m = r;
        if (m === i) break;
        [heap[i], heap[m]] = [heap[m], heap[i]];
        i = m;
      }
    }
    return top;
  };
  const timers: Clock = {
    now,
    setTimeout(fn, ms) {
      const e = { at: now() + Math.max(0, ms), seq: ++seq, fn };
      live.set(e.seq, e);
      push(e);
      return e.seq as unknown as TimerHandle;
    },
    clearTimeout(handle) {
      if (handle === undefined || !live.delete(handle as unknown as number)) return;
      // cancelled entries wait in the heap until due; rebuild when they outnumber the live ones
      if (heap.length > 2 * live.size + 64) {
        heap.length = 0;
        for (const e of [...live.values()].sort((a, b) => (before(a, b) ? -1 : 1))) heap.push(e);
      }
    },
  };
  /** Fires every timer due at or before `end` (including ones scheduled while firing); `onFire` sets the time. */
  const runDue = (end: number, onFire: (at: number) => void = () => {}) => {
    while (heap.length && heap[0].at <= end) {
      const t = pop();
      if (!live.delete(t.seq)) continue; // cancelled
      onFire(t.at);
      t.fn();
    }
    // drop cancelled entries left on top so the heap stays bounded by live timers plus recent cancels
    while (heap.length && !live.has(heap[0].seq)) pop();
  };
  return { timers, runDue, size: () => live.size, stored: () => heap.length };
}

export interface ManualTimers extends Clock {
  /** Moves time forward, firing due timers in time order (timers scheduled while firing included). */
  advance(ms: number): void;
  pending(): number;
  /** Entries held, cancelled ones included (bounded). */
  stored(): number;
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
    stored: q.stored,
  };
}

/** The market's virtual clock (moved by `advance`, announced through `onAdvance`). */
export interface AdvancingClock {
  now(): number;
  onAdvance(listener: (now: number) => void): () => void;
}

/** Timers that follow a virtual market clock: advancing the market fires what became due. */
export function createClockTimers(clock: AdvancingClock): Clock & { dispose(): void; pending(): number } {
  const q = timerQueue(() => clock.now());
  const off = clock.onAdvance((now) => q.runDue(now));
  return { ...q.timers, dispose: off, pending: q.size };
}
