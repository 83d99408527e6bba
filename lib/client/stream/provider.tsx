"use client";

import { isServer, type QueryClient, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, startTransition, useContext, useEffect, useState } from "react";
import { retryDelay } from "../query-client";
import type { StreamRuntime } from "./runtime";
import { createStreamStore, type StreamStore } from "./store";
import { loadedStreamRuntime, tabStream } from "./tab-stream";

// One store and one runtime per tab; the tabs of an origin share one gateway socket (shared/connect.ts). The pages
// render from the store at once; the runtime's code (socket, subscriptions, repair) is not in the first load: its fetch
// starts as this module runs, the runtime is made once the page has hydrated, then drives the same store. On the
// server, and until then, there is no socket: hooks render from REST data and an empty store, and subscribe once the
// runtime is there.

const StoreContext = createContext<StreamStore | null>(null);
const RuntimeContext = createContext<StreamRuntime | null>(null);

let runtimeCode: Promise<typeof import("./tab-runtime")> | null = null;
/** The runtime's code, fetched once; a failed fetch is forgotten so the next call tries again. */
function runtimeCodeOnce(): Promise<typeof import("./tab-runtime")> {
  runtimeCode ??= import("./tab-runtime").catch((err: unknown) => {
    runtimeCode = null;
    throw err;
  });
  return runtimeCode;
}
// In the browser the fetch starts as this module runs, beside hydration rather than after it: on a busy machine or a
// slow link, the wait for the first live frame is then the longer of the two, not their sum. It is not in the first
// load either way (a chunk of its own); a failure here is the provider's to retry.
if (typeof window !== "undefined") runtimeCodeOnce().catch(() => {});

/** The tab's runtime, loading its code first when this is the first use (browser only). */
export async function loadBrowserStreamRuntime(queryClient: QueryClient): Promise<StreamRuntime> {
  const { getBrowserStreamRuntime } = await runtimeCodeOnce();
  // Made in a task of its own (its shared worker and socket take a few ms): with the code already there, the await
  // above resumes in the same task as the hydrated page's effects, the longest task of a page's load.
  await new Promise<void>((resolve) => setTimeout(resolve, 0));
  return getBrowserStreamRuntime(queryClient);
}

/**
 * Calls `open` with the tab's runtime: at once when its code has loaded, else once it has (browser only). A failed
 * load (offline, or a deploy replaced the chunk) is tried again, backing off as a failed query does. Returns the
 * cancel: before the runtime is there nothing is opened; after, `open`'s own cleanup runs. Code that needs the runtime
 * outside React goes through here rather than importing ./tab-runtime, which would put the runtime in its chunk.
 */
export function withBrowserStreamRuntime(queryClient: QueryClient, open: (rt: StreamRuntime) => () => void): () => void {
  const now = loadedStreamRuntime(queryClient);
  if (now) return open(now);
  let live = true;
  let close: (() => void) | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const load = (attempt: number) => {
    loadBrowserStreamRuntime(queryClient).then(
      (rt) => {
        if (live) close = open(rt);
      },
      (err: unknown) => {
        if (!live) return;
        console.warn("the live stream's code did not load; trying again", err);
        timer = setTimeout(() => load(attempt + 1), retryDelay(attempt, err));
      },
    );
  };
  load(0);
  return () => {
    live = false;
    clearTimeout(timer);
    close?.();
  };
}

export function StreamProvider({ children, runtime }: { children: ReactNode; runtime?: StreamRuntime }) {
  const queryClient = useQueryClient();
  const [store] = useState<StreamStore>(() => {
    if (runtime) return runtime.store;
    return isServer ? createStreamStore() : tabStream(queryClient).store;
  });
  const [rt, setRt] = useState<StreamRuntime | null>(
    () => runtime ?? (isServer ? null : loadedStreamRuntime(queryClient)),
  );
  // The badge says Connecting until the runtime is there. Its arrival is a transition: a new context value makes React
  // look through the whole page for the hooks that read it, which then runs in slices, not in one task.
  useEffect(() => {
    if (rt) return;
    return withBrowserStreamRuntime(queryClient, (r) => {
      startTransition(() => setRt(r));
      return () => {};
    });
  }, [rt, queryClient]);
  useEffect(() => {
    // Keep the connection state in the store even before any hook subscribes.
    rt?.store.getState().actions.setConnection(rt.client.connection());
  }, [rt]);
  return (
    <StoreContext.Provider value={store}>
      <RuntimeContext.Provider value={rt}>{children}</RuntimeContext.Provider>
    </StoreContext.Provider>
  );
}

/** The tab's stream store (the same object for the tab's life). */
export function useStreamStoreApi(): StreamStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error("stream hooks need <StreamProvider> (app/providers.tsx) above them");
  return store;
}

/** The runtime that subscribes: null on the server and until its code has loaded. */
export function useStreamRuntime(): StreamRuntime | null {
  useStreamStoreApi(); // same check: a provider is above
  return useContext(RuntimeContext);
}
