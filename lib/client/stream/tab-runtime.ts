import type { QueryClient } from "@tanstack/react-query";
import { createStreamRuntime, type StreamRuntime } from "./runtime";
import { tabStream } from "./tab-stream";

// The code that drives the tab's store (socket, subscriptions, repair): loaded by the provider once the page is up,
// or at once by a route that needs the socket itself (the wallet tracker).

/** The tab's runtime, created on first use (browser only), driving the tab's store. */
export function getBrowserStreamRuntime(queryClient: QueryClient): StreamRuntime {
  const tab = tabStream(queryClient);
  if (tab.runtime) return tab.runtime;
  const runtime = createStreamRuntime({
    queryClient,
    attachStore(onTokenUpdates) {
      tab.onTokenUpdates = onTokenUpdates;
      return tab.store;
    },
  });
  tab.runtime = runtime;
  return runtime;
}
