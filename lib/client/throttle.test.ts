import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createThrottle } from "./throttle";

// The "task" leading edge is the chart's (components/chart/paint-throttle.test.ts); here the synchronous one.

describe("createThrottle, leading now", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => vi.useRealTimers());

  it("runs the first request at once, coalesces the window's others into one run at its end, and runs at once again after a quiet spell", () => {
    const runs: number[] = [];
    const t = createThrottle(() => runs.push(Date.now()), 200, { leading: "now" });
    t.request();
    expect(runs).toEqual([1_000_000]);
    expect(t.pending).toBe(false);
    vi.advanceTimersByTime(50);
    t.request();
    t.request();
    expect(t.pending).toBe(true);
    expect(runs).toHaveLength(1);
    vi.advanceTimersByTime(149);
    expect(runs).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(runs).toEqual([1_000_000, 1_000_200]);
    vi.advanceTimersByTime(500);
    t.request();
    expect(runs).toEqual([1_000_000, 1_000_200, 1_000_700]);
  });

  it("cancel drops the pending run", () => {
    let runs = 0;
    const t = createThrottle(() => runs++, 200, { leading: "now" });
    t.request();
    t.request();
    t.cancel();
    expect(t.pending).toBe(false);
    vi.advanceTimersByTime(1_000);
    expect(runs).toBe(1);
  });

  it("with a window of 0 runs every request at once", () => {
    let runs = 0;
    const t = createThrottle(() => runs++, 0, { leading: "now" });
    for (let i = 0; i < 5; i++) t.request();
    expect(runs).toBe(5);
  });
});
