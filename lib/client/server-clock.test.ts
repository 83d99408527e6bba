import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createServerClock } from "./server-clock";

describe("server clock", () => {
  it("starts at no offset and learns the market's lead from asOf", () => {
    const c = createServerClock();
    expect(c.offsetMs()).toBe(0);
    c.observe(1_000_000 + 60_000, 1_000_000);
    expect(c.offsetMs()).toBe(60_000);
  });

  it("keeps the freshest estimate: a cached (older) answer never pulls the clock back", () => {
    const c = createServerClock();
    c.observe(2_000_000 + 30_000, 2_000_000);
    c.observe(2_000_500 + 25_000, 2_000_500); // served from a 5 s cache
    expect(c.offsetMs()).toBe(30_000);
  });

  it("follows a market whose clock drops back once the old samples leave the window", () => {
    const c = createServerClock();
    c.observe(10_000 + 90_000, 10_000);
    for (let i = 0; i < 32; i++) c.observe(20_000 + i + 1_000, 20_000 + i);
    expect(c.offsetMs()).toBe(1_000);
  });

  it("ignores junk and tells listeners only about changes that show", () => {
    const c = createServerClock();
    let calls = 0;
    c.subscribe(() => calls++);
    c.observe(Number.NaN);
    c.observe(0);
    expect(calls).toBe(0);
    c.observe(5_000 + 100, 5_000); // 100 ms: below a second's display
    expect(calls).toBe(0);
    c.observe(6_000 + 4_000, 6_000);
    expect(calls).toBe(1);
  });

  it("the estimate is always the largest offset among the last 32 samples", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1e7, max: 1e7 }), { minLength: 1, maxLength: 100 }), (offsets) => {
        const c = createServerClock();
        offsets.forEach((o, i) => c.observe(1e12 + i + o, 1e12 + i));
        const best = Math.max(...offsets.slice(-32));
        expect(Math.abs(c.offsetMs() - best)).toBeLessThan(250);
      }),
    );
  });
});
