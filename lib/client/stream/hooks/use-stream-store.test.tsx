import "../testing/dom-stub";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, type ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { StreamProvider } from "../provider";
import type { TapeState } from "../reducers/trades";
import type { StreamRuntime } from "../runtime";
import { createManualScheduler } from "../scheduler";
import { createStreamStore, type StreamState } from "../store";
import { renderHook } from "../testing/render-hook";
import { useThrottledStreamSlice } from "./use-stream-store";

const selectTape = (s: StreamState, key: string) => s.tapes[key];

function setup() {
  const store = createStreamStore({ scheduler: createManualScheduler(), now: () => 0 });
  // The provider needs a runtime only for its store and the connection it reports.
  const runtime = {
    store,
    client: { connection: () => ({ status: "connecting", since: 0, attempt: 0 }) },
  } as unknown as StreamRuntime;
  const qc = new QueryClient();
  const wrapper = (c: ReactNode) => (
    <QueryClientProvider client={qc}>
      <StreamProvider runtime={runtime}>{c}</StreamProvider>
    </QueryClientProvider>
  );
  const tape = (key: string, n: number) =>
    act(async () => {
      store.setState((s) => ({ tapes: { ...s.tapes, [key]: { n } as unknown as TapeState } }));
    });
  return { store, wrapper, tape };
}

const nOf = (t: TapeState | undefined) => (t as unknown as { n: number } | undefined)?.n;

describe("useThrottledStreamSlice", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => vi.useRealTimers());

  it("redraws the first change at once, then at most once per window, ending on the newest", async () => {
    const { wrapper, tape } = setup();
    const h = await renderHook(
      ({ key }: { key: string }) => nOf(useThrottledStreamSlice(key, selectTape, 200)),
      { key: "a" },
      wrapper,
    );
    expect(h.result.current).toBeUndefined();
    const base = h.result.renders;
    await tape("a", 1);
    expect(h.result.current).toBe(1);
    await act(async () => {
      vi.advanceTimersByTime(50);
    });
    await tape("a", 2);
    await tape("a", 3);
    await tape("b", 9); // another key's slice: no redraw
    expect(h.result.current).toBe(1);
    await act(async () => {
      vi.advanceTimersByTime(149);
    });
    expect(h.result.current).toBe(1);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(h.result.current).toBe(3);
    expect(h.result.renders - base).toBe(2);
    await h.unmount();
  });

  it("never drops the newest value of a burst, and shows about one per window", async () => {
    const { wrapper, tape } = setup();
    const shown: (number | undefined)[] = [];
    const h = await renderHook(
      ({ key }: { key: string }) => {
        const n = nOf(useThrottledStreamSlice(key, selectTape, 100));
        if (shown[shown.length - 1] !== n) shown.push(n);
        return n;
      },
      { key: "a" },
      wrapper,
    );
    for (let i = 1; i <= 50; i++) {
      await tape("a", i);
      await act(async () => {
        vi.advanceTimersByTime(7);
      });
    }
    await act(async () => {
      vi.advanceTimersByTime(100);
    });
    expect(h.result.current).toBe(50);
    // 50 changes over 350 ms (and the first, undefined): about one value per window, not one per change.
    expect(shown.length).toBeLessThanOrEqual(7);
    await h.unmount();
  });

  it("a new key shows its own slice at once, never the previous key's", async () => {
    const { wrapper, tape } = setup();
    await tape("a", 1);
    await tape("b", 7);
    const seen: (number | undefined)[] = [];
    const h = await renderHook(
      ({ key }: { key: string }) => {
        const n = nOf(useThrottledStreamSlice(key, selectTape, 200));
        seen.push(n);
        return n;
      },
      { key: "a" },
      wrapper,
    );
    expect(h.result.current).toBe(1);
    seen.length = 0;
    await h.rerender({ key: "b" });
    expect(seen.every((n) => n === 7)).toBe(true);
    expect(h.result.current).toBe(7);
    await h.unmount();
  });

  it("with no window passes every change on", async () => {
    const { wrapper, tape } = setup();
    const h = await renderHook(
      ({ key }: { key: string }) => nOf(useThrottledStreamSlice(key, selectTape, 0)),
      { key: "a" },
      wrapper,
    );
    for (let i = 1; i <= 5; i++) {
      await tape("a", i);
      expect(h.result.current).toBe(i);
    }
    await h.unmount();
  });
});
