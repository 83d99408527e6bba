// Once-per-frame batching. requestAnimationFrame does not run in background tabs, so a timer fallback bounds how
// long events can wait (and so how many can pile up).

export interface FrameScheduler {
  /** Runs `cb` once, on the next frame; returns a cancel function. */
  schedule(cb: () => void): () => void;
}

export const FALLBACK_FLUSH_MS = 250;

export function createFrameScheduler(fallbackMs = FALLBACK_FLUSH_MS): FrameScheduler {
  return {
    schedule(cb) {
      let done = false;
      const run = () => {
        if (done) return;
        done = true;
        cancel();
        cb();
      };
      const raf = typeof requestAnimationFrame === "function" ? requestAnimationFrame(run) : undefined;
      const timer = setTimeout(run, raf === undefined ? 16 : fallbackMs);
      const cancel = () => {
        done = true;
        if (raf !== undefined) cancelAnimationFrame(raf);
        clearTimeout(timer);
      };
      return cancel;
    },
  };
}

/** Test scheduler: nothing runs until `flush()`. */
export function createManualScheduler(): FrameScheduler & { flush(): void; pending(): number } {
  let queue: (() => void)[] = [];
  return {
    schedule(cb) {
      let live = true;
      queue.push(() => live && cb());
      return () => {
        live = false;
      };
    },
    flush() {
      const q = queue;
      queue = [];
      for (const cb of q) cb();
    },
    pending: () => queue.length,
  };
}
