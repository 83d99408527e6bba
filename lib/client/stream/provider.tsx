"use client";

import { isServer, type QueryClient, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { createStreamRuntime, type StreamRuntime } from "./runtime";
import { createStreamStore, type StreamStore } from "./store";

// One runtime (store + stream client) per tab; the tabs of an origin share one gateway socket (shared/connect.ts).
// On the server there is no socket: hooks render from REST data and an empty store, and subscribe only once mounted
// in the browser.

export interface StreamContextValue {
  store: StreamStore;
  runtime: StreamRuntime | null;
}

const StreamContext = createContext<StreamContextValue | null>(null);

// On globalThis so a hot reload of this module does not open a second socket in the tab.
const TAB_RUNTIME = Symbol.for("trading-explorer.stream-runtime");
type Holder = { [TAB_RUNTIME]?: { runtime: StreamRuntime; queryClient: QueryClient } };

/** The tab's runtime, created on first use (browser only), bound to the tab's QueryClient. */
export function getBrowserStreamRuntime(queryClient: QueryClient): StreamRuntime {
  const holder = globalThis as Holder;
  const cur = holder[TAB_RUNTIME];
  if (cur?.queryClient === queryClient) return cur.runtime;
  cur?.runtime.dispose();
  const runtime = createStreamRuntime({ queryClient });
  holder[TAB_RUNTIME] = { runtime, queryClient };
  return runtime;
}

export function StreamProvider({ children, runtime }: { children: ReactNode; runtime?: StreamRuntime }) {
  const queryClient = useQueryClient();
  const [value] = useState<StreamContextValue>(() => {
    if (runtime) return { store: runtime.store, runtime };
    if (isServer) return { store: createStreamStore(), runtime: null };
    const rt = getBrowserStreamRuntime(queryClient);
    return { store: rt.store, runtime: rt };
  });
  useEffect(() => {
    // Keep the connection state in the store even before any hook subscribes.
    value.runtime?.store.getState().actions.setConnection(value.runtime.client.connection());
  }, [value]);
  return <StreamContext.Provider value={value}>{children}</StreamContext.Provider>;
}

export function useStreamContext(): StreamContextValue {
  const ctx = useContext(StreamContext);
  if (!ctx) throw new Error("stream hooks need <StreamProvider> (app/providers.tsx) above them");
  return ctx;
}
