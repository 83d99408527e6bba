import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limit";

function clock() {
  let t = 0;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

describe("rate limiter", () => {
  it("allows the burst, then refuses with a Retry-After in whole seconds", () => {
    const c = clock();
    const rl = createRateLimiter({ ratePerSec: 2, burst: 5, now: c.now });
    for (let i = 0; i < 5; i++) expect(rl.take("a").ok).toBe(true);
    expect(rl.take("a")).toEqual({ ok: false, retryAfterSec: 1 });
    c.advance(500);
    expect(rl.take("a").ok).toBe(true);
    expect(rl.take("a").ok).toBe(false);
  });

  it("keeps clients apart", () => {
    const rl = createRateLimiter({ ratePerSec: 1, burst: 1, now: () => 0 });
    expect(rl.take("a").ok).toBe(true);
    expect(rl.take("a").ok).toBe(false);
    expect(rl.take("b").ok).toBe(true);
  });

  it("never grants more than burst + rate × elapsed (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 1, maxLength: 300 }), (gaps) => {
        const c = clock();
        const rl = createRateLimiter({ ratePerSec: 10, burst: 20, now: c.now });
        let granted = 0;
        for (const gap of gaps) {
          c.advance(gap);
          if (rl.take("ip").ok) granted++;
        }
        const elapsedSec = gaps.reduce((a, b) => a + b, 0) / 1000;
        expect(granted).toBeLessThanOrEqual(20 + 10 * elapsedSec + 1e-9);
      }),
    );
  });

  it("holds its bound on tracked clients", () => {
    const rl = createRateLimiter({ ratePerSec: 1, burst: 1, maxClients: 100, now: () => 0 });
    for (let i = 0; i < 1_000; i++) rl.take(`10.0.${i >> 8}.${i & 255}`);
    expect(rl.size()).toBe(100);
  });
});
