import "./testing/dom-stub";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, type ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { retryDelay } from "../query-client";
import { useSubscription } from "./hooks/use-subscription";
import { StreamProvider, useStreamRuntime, useStreamStoreApi, withBrowserStreamRuntime } from "./provider";
import type { StreamRuntime } from "./runtime";
import { tabStream } from "./tab-stream";
import { renderHook, settle } from "./testing/render-hook";

// The runtime's code is loaded once the page is up; the pages render from the tab's store before that.

const acquired: Array<{ channel: string; params: unknown }> = [];
const released: string[] = [];
// Hoisted with the mock: importing provider.tsx (above) may already ask for the mocked module.
const load = vi.hoisted(() => ({ failures: 0, fetched: false }));

vi.mock("./tab-runtime", async () => {
  load.fetched = true; // the module's code was asked for
  const { tabStream: tab } = await import("./tab-stream");
  return {
    getBrowserStreamRuntime(qc: QueryClient): StreamRuntime {
      if (load.failures > 0) {
        load.failures--;
        throw new Error("chunk failed to load");
      }
      const t = tab(qc);
      t.runtime ??= {
        store: t.store,
        client: { connection: () => ({ status: "connecting", since: 0, attempt: 0 }) },
        acquire(channel: string, params: unknown) {
          acquired.push({ channel, params });
          return { key: `${channel}`, release: () => released.push(channel) };
        },
        dispose() {},
      } as unknown as StreamRuntime;
      return t.runtime;
    },
  };
});

afterEach(() => {
  acquired.length = 0;
  released.length = 0;
  load.failures = 0;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function wrap(qc: QueryClient) {
  return (c: ReactNode) => (
    <QueryClientProvider client={qc}>
      <StreamProvider>{c}</StreamProvider>
    </QueryClientProvider>
  );
}

describe("StreamProvider in the browser", () => {
  it("asks for the runtime's code as the provider's module loads in a browser, before any provider renders", async () => {
    // Nothing is rendered here: importing provider.tsx (with a window, ./testing/dom-stub) asked for it.
    await vi.waitFor(() => expect(load.fetched).toBe(true));
  });

  it("renders from the tab's store at once and gets the runtime driving that store once its code has loaded", async () => {
    const qc = new QueryClient();
    const seen: Array<StreamRuntime | null> = [];
    const h = await renderHook(
      () => {
        const runtime = useStreamRuntime();
        seen.push(runtime);
        return { store: useStreamStoreApi(), runtime };
      },
      {},
      wrap(qc),
    );
    await settle();
    expect(seen[0]).toBeNull();
    expect(h.result.current.store).toBe(tabStream(qc).store);
    expect(h.result.current.runtime).not.toBeNull();
    expect(h.result.current.runtime?.store).toBe(h.result.current.store);
    await h.unmount();
  });

  it("does not render a store-only reader again when the runtime arrives", async () => {
    const qc = new QueryClient();
    const h = await renderHook(() => useStreamStoreApi(), {}, wrap(qc));
    await settle();
    expect(tabStream(qc).runtime).not.toBeNull();
    expect(h.result.renders).toBe(1);
    await h.unmount();
  });

  it("makes a subscription asked before the runtime was there once it arrives, and releases it on unmount", async () => {
    const qc = new QueryClient();
    const params = { chain: "solana", address: "So11111111111111111111111111111111111111112" };
    const h = await renderHook(() => useSubscription("token-updates", params), {}, wrap(qc));
    await settle();
    expect(acquired).toEqual([{ channel: "token-updates", params }]);
    await h.unmount();
    expect(released).toEqual(["token-updates"]);
  });

  it("a provider mounted after the runtime has loaded has it from its first render", async () => {
    const qc = new QueryClient();
    const first = await renderHook(() => useStreamRuntime(), {}, wrap(qc));
    await settle();
    await first.unmount();
    const seen: Array<StreamRuntime | null> = [];
    const again = await renderHook(
      () => {
        const r = useStreamRuntime();
        seen.push(r);
        return r;
      },
      {},
      wrap(qc),
    );
    expect(seen[0]).toBe(tabStream(qc).runtime);
    await again.unmount();
  });

  it("tries again, backing off, when the runtime's code fails to load, and subscribes once it has", async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    load.failures = 2;
    const qc = new QueryClient();
    const params = { chain: "solana", address: "So11111111111111111111111111111111111111112" };
    const h = await renderHook(() => useSubscription("token-updates", params), {}, wrap(qc));
    // The runtime is made in a task of its own once its code is there.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(acquired).toEqual([]);
    // Each pause is at most the query retry's longest for that attempt (lib/client/query-client.ts).
    const longest = (attempt: number) => retryDelay(attempt, new Error("chunk"), () => 1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(longest(0));
    });
    expect(warn).toHaveBeenCalledTimes(2);
    expect(acquired).toEqual([]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(longest(1));
    });
    expect(acquired).toEqual([{ channel: "token-updates", params }]);
    await h.unmount();
  });

  it("withBrowserStreamRuntime opens with the runtime once its code has loaded, at once after; cancel closes it", async () => {
    const qc = new QueryClient();
    const opened: StreamRuntime[] = [];
    let closed = 0;
    const open = (rt: StreamRuntime) => {
      opened.push(rt);
      return () => closed++;
    };
    // Cancelled before the runtime is there: nothing is ever opened.
    withBrowserStreamRuntime(qc, open)();
    const cancel = withBrowserStreamRuntime(qc, open);
    expect(opened).toEqual([]);
    await vi.waitFor(() => expect(opened).toHaveLength(1));
    expect(opened[0]).toBe(tabStream(qc).runtime);
    await settle();
    expect(opened).toHaveLength(1);
    cancel();
    expect(closed).toBe(1);
    // Loaded now: opened in the same call.
    const again = withBrowserStreamRuntime(qc, open);
    expect(opened).toHaveLength(2);
    again();
    expect(closed).toBe(2);
  });

  it("withBrowserStreamRuntime tries a failed load again, backing off, and opens once it has", async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    load.failures = 1;
    const qc = new QueryClient();
    const opened: StreamRuntime[] = [];
    const cancel = withBrowserStreamRuntime(qc, (rt) => {
      opened.push(rt);
      return () => {};
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(opened).toEqual([]);
    await vi.advanceTimersByTimeAsync(retryDelay(0, new Error("chunk"), () => 1));
    expect(opened).toEqual([tabStream(qc).runtime]);
    cancel();
  });
});
