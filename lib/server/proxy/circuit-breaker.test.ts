import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createCircuitBreaker } from "./circuit-breaker";

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

describe("circuit breaker", () => {
  it("opens after the threshold of consecutive failures and fails fast", () => {
    const c = clock();
    const b = createCircuitBreaker({ failureThreshold: 3, openMs: 10_000, now: c.now });
    for (let i = 0; i < 2; i++) {
      expect(b.acquire().ok).toBe(true);
      b.failure();
    }
    expect(b.state()).toBe("closed");
    b.acquire();
    b.failure();
    expect(b.state()).toBe("open");
    c.advance(4_000);
    expect(b.acquire()).toEqual({ ok: false, retryAfterMs: 6_000 });
  });

  it("a success resets the failure count", () => {
    const b = createCircuitBreaker({ failureThreshold: 2, openMs: 1_000 });
    b.failure();
    b.success();
    b.failure();
    expect(b.state()).toBe("closed");
  });

  it("lets one probe through when half-open; its success closes the circuit", () => {
    const c = clock();
    const b = createCircuitBreaker({ failureThreshold: 1, openMs: 5_000, now: c.now });
    b.failure();
    c.advance(5_000);
    expect(b.state()).toBe("half-open");
    expect(b.acquire().ok).toBe(true);
    expect(b.acquire().ok).toBe(false);
    b.success();
    expect(b.state()).toBe("closed");
    expect(b.acquire().ok).toBe(true);
  });

  it("a released probe lets the next caller probe, counts unchanged", () => {
    const c = clock();
    const b = createCircuitBreaker({ failureThreshold: 1, openMs: 5_000, now: c.now });
    b.failure();
    c.advance(5_000);
    expect(b.acquire().ok).toBe(true);
    expect(b.acquire().ok).toBe(false);
    b.release();
    expect(b.stats()).toMatchObject({ state: "half-open", consecutiveFailures: 1 });
    expect(b.acquire().ok).toBe(true);
  });

  it("a failed probe re-opens the circuit for another full period", () => {
    const c = clock();
    const b = createCircuitBreaker({ failureThreshold: 1, openMs: 5_000, now: c.now });
    b.failure();
    c.advance(6_000);
    expect(b.acquire().ok).toBe(true);
    b.failure();
    expect(b.state()).toBe("open");
    expect(b.stats().opens).toBe(2);
    c.advance(4_999);
    expect(b.acquire().ok).toBe(false);
    c.advance(1);
    expect(b.acquire().ok).toBe(true);
  });

  it("never lets more than one request through while open or half-open (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constant("fail"), fc.constant("ok"), fc.integer({ min: 0, max: 3000 })), {
          maxLength: 80,
        }),
        (ops) => {
          const c = clock();
          const b = createCircuitBreaker({ failureThreshold: 2, openMs: 1_000, now: c.now });
          let outstanding = 0;
          for (const op of ops) {
            if (typeof op === "number") {
              c.advance(op);
              const before = b.state();
              const granted = [b.acquire().ok, b.acquire().ok].filter(Boolean).length;
              if (before !== "closed") expect(granted).toBeLessThanOrEqual(1);
              outstanding += granted;
            } else if (outstanding > 0) {
              outstanding--;
              op === "fail" ? b.failure() : b.success();
            }
          }
        },
      ),
    );
  });
});
