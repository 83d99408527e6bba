import { describe, expect, it } from "vitest";
import { createClockTimers, createManualTimers } from "./timers";

describe("timers", () => {
  it("manual timers fire in time order, at their due time, including ones scheduled while firing", () => {
    const t = createManualTimers(100);
    const log: string[] = [];
    t.setTimeout(() => log.push(`b@${t.now()}`), 20);
    const h = t.setTimeout(() => log.push("cancelled"), 5);
    t.setTimeout(() => {
      log.push(`a@${t.now()}`);
      t.setTimeout(() => log.push(`c@${t.now()}`), 5);
    }, 10);
    t.clearTimeout(h);
    t.advance(19);
    expect(log).toEqual(["a@110", "c@115"]);
    t.advance(100);
    expect(log).toEqual(["a@110", "c@115", "b@120"]);
    expect(t.now()).toBe(219);
    expect(t.pending()).toBe(0);
  });

  it("stays bounded when timers are cancelled long before they are due", () => {
    const t = createManualTimers(0);
    const keep = t.setTimeout(() => {}, 60_000);
    for (let i = 0; i < 10_000; i++) t.clearTimeout(t.setTimeout(() => {}, 30_000 + i));
    expect(t.pending()).toBe(1);
    expect(t.stored()).toBeLessThanOrEqual(2 * 1 + 64 + 1);
    let fired = 0;
    t.setTimeout(() => fired++, 10);
    t.advance(100);
    expect(fired).toBe(1);
    t.clearTimeout(keep);
  });

  it("clock timers fire when the market clock advances past them", () => {
    let now = 0;
    const listeners = new Set<(n: number) => void>();
    const clock = {
      now: () => now,
      onAdvance: (l: (n: number) => void) => {
        listeners.add(l);
        return () => listeners.delete(l);
      },
    };
    const advance = (ms: number) => {
      now += ms;
      for (const l of listeners) l(now);
    };
    const t = createClockTimers(clock);
    const fired: number[] = [];
    t.setTimeout(() => fired.push(now), 1000);
    advance(999);
    expect(fired).toEqual([]);
    advance(1);
    expect(fired).toEqual([1000]);
    t.dispose();
    t.setTimeout(() => fired.push(-1), 1);
    advance(10);
    expect(fired).toEqual([1000]);
    expect(t.pending()).toBe(1);
  });
});
