import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BACKOFF_GROWTH, backoffOptions } from "./reconnecting";

/** The delay reconnecting-websocket computes for attempt n ≥ 1 with these options. */
const delayOf = (o: ReturnType<typeof backoffOptions>, n: number) =>
  Math.min(o.minReconnectionDelay * o.reconnectionDelayGrowFactor ** (n - 1), o.maxReconnectionDelay);

describe("reconnect backoff", () => {
  it("grows, carries jitter on every attempt and never exceeds the cap", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 0.999, noNaN: true }), { minLength: 1, maxLength: 30 }), (rs) => {
        let i = 0;
        const o = backoffOptions({ minDelayMs: 500, maxDelayMs: 10_000, random: () => rs[i++ % rs.length] });
        for (let n = 1; n <= rs.length; n++) {
          const d = delayOf(o, n);
          expect(d).toBeLessThanOrEqual(10_000);
          expect(d).toBeGreaterThanOrEqual(Math.min(500 * BACKOFF_GROWTH ** (n - 1), 10_000));
        }
      }),
    );
  });

  it("two tabs that failed together do not retry together", () => {
    const a = backoffOptions({ random: () => 0.1 });
    const b = backoffOptions({ random: () => 0.9 });
    expect(delayOf(a, 2)).not.toBe(delayOf(b, 2));
  });
});
