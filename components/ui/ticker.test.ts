import { describe, expect, it } from "vitest";
import { createTicker } from "./ticker";

function fakeTimers() {
  let t = 1_000;
  const active = new Map<number, () => void>();
  let next = 1;
  return {
    clock: () => t,
    setInterval: (fn: () => void) => {
      active.set(next, fn);
      return next++;
    },
    clearInterval: (h: unknown) => active.delete(h as number),
    advance(ms: number) {
      t += ms;
      for (const fn of [...active.values()]) fn();
    },
    count: () => active.size,
  };
}

describe("shared ticker", () => {
  it("runs one interval however many listen, and stops with the last", () => {
    const f = fakeTimers();
    const ticker = createTicker(f);
    const calls: number[] = [];
    const offs = Array.from({ length: 500 }, (_, i) => ticker.subscribe(() => calls.push(i)));
    expect(f.count()).toBe(1);
    expect(ticker.listenerCount()).toBe(500);
    f.advance(1000);
    expect(calls).toHaveLength(500);
    for (const off of offs.slice(1)) off();
    expect(ticker.running()).toBe(true);
    offs[0]();
    expect(ticker.running()).toBe(false);
    expect(f.count()).toBe(0);
    expect(ticker.listenerCount()).toBe(0);
  });

  it("reports the time of the last tick while running, the clock otherwise", () => {
    const f = fakeTimers();
    const ticker = createTicker(f);
    const off = ticker.subscribe(() => {});
    f.advance(1000);
    const at = ticker.now();
    expect(at).toBe(2_000);
    off();
    f.advance(500);
    expect(ticker.now()).toBe(2_500);
  });

  it("a listener that unsubscribes during a tick does not break the others", () => {
    const f = fakeTimers();
    const ticker = createTicker(f);
    let seen = 0;
    const off = ticker.subscribe(() => off());
    ticker.subscribe(() => seen++);
    f.advance(1000);
    f.advance(1000);
    expect(seen).toBe(2);
    expect(ticker.listenerCount()).toBe(1);
  });
});
