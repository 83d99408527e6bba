import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createPaintThrottle, type ThrottleDeps } from "./paint-throttle";

function fakeClock() {
  let now = 0;
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let seq = 0;
  const deps: ThrottleDeps = {
    now: () => now,
    setTimer: (fn, ms) => {
      const id = ++seq;
      timers.push({ at: now + ms, fn, id });
      return id;
    },
    clearTimer: (h) => {
      timers = timers.filter((t) => t.id !== h);
    },
  };
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const due = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers = timers.filter((t) => t !== due);
      now = due.at;
      due.fn();
    }
    now = end;
  };
  return { deps, advance };
}

describe("paint throttle", () => {
  it("paints the first request at once and coalesces a burst into one paint per window", () => {
    const c = fakeClock();
    let paints = 0;
    const t = createPaintThrottle(() => paints++, 100, c.deps);
    t.request();
    c.advance(0);
    expect(paints).toBe(1);
    for (let i = 0; i < 50; i++) {
      t.request();
      c.advance(2);
    }
    c.advance(100);
    expect(paints).toBe(2);
  });

  it("cancel drops a pending paint", () => {
    const c = fakeClock();
    let paints = 0;
    const t = createPaintThrottle(() => paints++, 100, c.deps);
    t.request();
    t.cancel();
    c.advance(500);
    expect(paints).toBe(0);
    expect(t.pending).toBe(false);
  });

  it("never paints more than once per window, and always paints after the last request", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 300 }), { minLength: 1, maxLength: 100 }), (gaps) => {
        const c = fakeClock();
        const at: number[] = [];
        let clock = 0;
        const t = createPaintThrottle(() => at.push(c.deps.now()), 100, c.deps);
        let lastRequest = 0;
        for (const g of gaps) {
          c.advance(g);
          clock += g;
          t.request();
          lastRequest = clock;
        }
        c.advance(1000);
        for (let i = 1; i < at.length; i++) expect(at[i] - at[i - 1]).toBeGreaterThanOrEqual(100);
        expect(at[at.length - 1]).toBeGreaterThanOrEqual(lastRequest);
      }),
    );
  });
});
