// Fails fast while the upstream is down: after `failureThreshold` consecutive failures the circuit opens for
// `openMs`, then lets exactly one probe through (half-open); the probe's outcome closes or re-opens it.

export type CircuitState = "closed" | "open" | "half-open";

export interface CircuitBreakerOptions {
  failureThreshold: number;
  openMs: number;
  now?: () => number;
}

export interface CircuitBreaker {
  /** Whether a request may go upstream now; `retryAfterMs` tells how long until the next probe when not. */
  acquire(): { ok: true } | { ok: false; retryAfterMs: number };
  success(): void;
  failure(): void;
  /** The call proved nothing either way (the upstream answered 429): a probe is released, counts stay. */
  release(): void;
  state(): CircuitState;
  stats(): { state: CircuitState; consecutiveFailures: number; opens: number };
}

export function createCircuitBreaker(opts: CircuitBreakerOptions): CircuitBreaker {
  const now = opts.now ?? Date.now;
  let failures = 0;
  let openedAt = 0;
  let opens = 0;
  let open = false;
  let probing = false;

  const state = (): CircuitState => {
    if (!open) return "closed";
    return now() - openedAt >= opts.openMs ? "half-open" : "open";
  };

  const trip = () => {
    open = true;
    openedAt = now();
    opens++;
  };

  return {
    acquire() {
      const s = state();
      if (s === "closed") return { ok: true };
      if (s === "half-open" && !probing) {
        probing = true;
        return { ok: true };
      }
      // While a probe is out, callers wait for its verdict as if still open.
      return { ok: false, retryAfterMs: Math.max(0, openedAt + opts.openMs - now()) || 1000 };
    },
    success() {
      failures = 0;
      open = false;
      probing = false;
    },
    failure() {
      failures++;
      if (probing) {
        probing = false;
        trip();
      } else if (!open && failures >= opts.failureThreshold) trip();
    },
    release() {
      probing = false;
    },
    state,
    stats: () => ({ state: state(), consecutiveFailures: failures, opens }),
  };
}
