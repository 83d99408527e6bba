// Time is injected so grace periods, backoff, windows and rate limits are testable without sleeping: the stream
// gateway (lib/server/gateway) and the embedded market's stream server (lib/sim/stream) schedule through this one
// interface; tests drive a manual clock by hand.

export type TimerHandle = { readonly __timer: unique symbol };

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle | undefined): void;
}

/** Wall time; its timers do not keep the process alive. */
export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout(fn, ms) {
    const t = setTimeout(fn, Math.max(0, ms));
    (t as { unref?: () => void }).unref?.();
    return t as unknown as TimerHandle;
  },
  clearTimeout(handle) {
    if (handle) clearTimeout(handle as unknown as ReturnType<typeof setTimeout>);
  },
};
