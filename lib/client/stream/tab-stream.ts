import type { QueryClient } from "@tanstack/react-query";
import type { TokenUpdate } from "@/lib/api/core";
import type { StreamRuntime } from "./runtime";
import { createStreamStore, type StreamStore } from "./store";

// The tab's stream state, split in two: the store the pages render from, made at first render, and the runtime that
// drives it (socket, subscriptions, gap repair), whose code loads after the page is up (./tab-runtime.ts). Until the
// runtime is attached the store is empty, as on the server, and no subscription is made.

export interface TabStream {
  queryClient: QueryClient;
  store: StreamStore;
  runtime: StreamRuntime | null;
  /** Where live token state goes once the runtime is attached (its writer into the query cache). */
  onTokenUpdates: ((updates: TokenUpdate[]) => void) | null;
}

// On globalThis so a hot reload of these modules does not open a second socket in the tab.
const TAB_STREAM = Symbol.for("trading-explorer.stream-tab");
type Holder = { [TAB_STREAM]?: TabStream };

/** The tab's stream state bound to `queryClient` (browser only); a new client disposes the old runtime. */
export function tabStream(queryClient: QueryClient): TabStream {
  const holder = globalThis as Holder;
  const cur = holder[TAB_STREAM];
  if (cur?.queryClient === queryClient) return cur;
  cur?.runtime?.dispose();
  const tab: TabStream = {
    queryClient,
    store: createStreamStore({ onTokenUpdates: (u) => tab.onTokenUpdates?.(u) }),
    runtime: null,
    onTokenUpdates: null,
  };
  holder[TAB_STREAM] = tab;
  return tab;
}

/** The tab's runtime when its code has loaded and it runs; null before. */
export function loadedStreamRuntime(queryClient: QueryClient): StreamRuntime | null {
  const tab = (globalThis as Holder)[TAB_STREAM];
  return tab?.queryClient === queryClient ? tab.runtime : null;
}
