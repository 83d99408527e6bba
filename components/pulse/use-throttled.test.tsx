import "@/lib/client/stream/testing/dom-stub";
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderHook } from "@/lib/client/stream/testing/render-hook";
import { useThrottled } from "./use-throttled";

const none = (c: React.ReactNode) => c;

describe("useThrottled", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => vi.useRealTimers());

  it("passes the first change at once, then at most one per window, always ending on the latest", async () => {
    const h = await renderHook(({ v }: { v: number }) => useThrottled(v, 250), { v: 0 }, none);
    expect(h.result.current).toBe(0);
    await h.rerender({ v: 1 });
    expect(h.result.current).toBe(1);
    await h.rerender({ v: 2 });
    await h.rerender({ v: 3 });
    expect(h.result.current).toBe(1);
    await act(async () => {
      vi.advanceTimersByTime(249);
    });
    expect(h.result.current).toBe(1);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(h.result.current).toBe(3);
    await h.unmount();
  });

  it("never drops the last value of a burst", async () => {
    const shown: number[] = [];
    const h = await renderHook(
      ({ v }: { v: number }) => {
        const out = useThrottled(v, 100);
        if (shown[shown.length - 1] !== out) shown.push(out);
        return out;
      },
      { v: 0 },
      none,
    );
    for (let i = 1; i <= 50; i++) {
      await h.rerender({ v: i });
      await act(async () => {
        vi.advanceTimersByTime(7);
      });
    }
    await act(async () => {
      vi.advanceTimersByTime(100);
    });
    expect(h.result.current).toBe(50);
    // 50 changes over 350 ms: about one value per window, not one per change.
    expect(shown.length).toBeLessThanOrEqual(6);
    await h.unmount();
  });
});
