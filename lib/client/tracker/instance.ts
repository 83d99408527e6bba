"use client";

import type { ChainId, WalletTrade } from "@/lib/api/core";
import { walletPnlOptions, walletTradesOptions } from "../queries";
import { apiFetch } from "../api-fetch";
import { getQueryClient } from "../query-client";
import { describeSubError } from "../stream/describe-sub-error";
import { withBrowserStreamRuntime } from "../stream/provider";
import { createTrackerRuntime, type TrackerRuntime } from "./runtime";

/** The tracker's 7d PnL summary (§4.9), read by the poller and by each wallet's summary row. */
export const TRACKER_PNL_PERIOD = "7d" as const;
export const trackerPnlOptions = (w: { chain: ChainId; address: string }) =>
  walletPnlOptions({ wallet: w.address, chain: w.chain, period: TRACKER_PNL_PERIOD });

let runtime: TrackerRuntime | null = null;

/**
 * The tab's one tracker (REST reads go through the tab's query cache, so every view shares them; wallet trades come
 * over the origin's one stream socket, so every tab shares each wallet's subscription).
 */
export function trackerRuntime(): TrackerRuntime {
  if (runtime) return runtime;
  const qc = getQueryClient();
  runtime = createTrackerRuntime({
    // The stream's code is not in the page's first load (stream/provider.tsx): a wallet followed before it is there
    // is subscribed once it is.
    subscribe: (w, h) =>
      withBrowserStreamRuntime(qc, (rt) =>
        rt.client.subscribe("wallet-trades", { chain: w.chain, wallet: w.address }, {
          onEvent(frame) {
            if (frame.channel === "wallet-trades") h.onRows(frame.data as WalletTrade[], frame.meta.asOf);
          },
          onMode(l) {
            h.onDelay(l.mode === "stream" ? 0 : l.delayMs);
          },
          onResync: () => h.onRepair(),
          onReconnect: () => h.onRepair(),
          onError: (e) => h.onError(describeSubError(e).detail),
        }),
      ),
    // The page's own query (same key, so every view of it updates), asked no older than the last answer.
    fetchTrades: (w, minAsOf) =>
      qc.fetchQuery({
        ...walletTradesOptions({ chain: w.chain, wallet: w.address }),
        queryFn: ({ signal }) =>
          apiFetch("walletTrades", { query: { chain: w.chain, wallet: w.address }, minAsOf }, signal),
        staleTime: 0,
      }),
    fetchPnl: (w) => qc.fetchQuery({ ...trackerPnlOptions(w), staleTime: 0 }),
    now: () => Date.now(),
    visible: () => typeof document === "undefined" || document.visibilityState !== "hidden",
    onVisibilityChange(cb) {
      document.addEventListener("visibilitychange", cb);
      return () => document.removeEventListener("visibilitychange", cb);
    },
  });
  return runtime;
}
