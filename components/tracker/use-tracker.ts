"use client";

import { useEffect } from "react";
import { useFollows, useFollowsHydrated } from "@/lib/client/tracker/store";
import { trackerRuntime } from "@/lib/client/tracker/instance";

/** Keeps the tab's tracker poller reading the followed wallets while the caller is mounted. */
export function useTrackerPolling(): void {
  const hydrated = useFollowsHydrated();
  const wallets = useFollows((s) => s.wallets);
  useEffect(() => {
    if (hydrated) trackerRuntime().setWallets(wallets);
  }, [hydrated, wallets]);
  useEffect(() => {
    if (hydrated) return trackerRuntime().acquire();
  }, [hydrated]);
}
