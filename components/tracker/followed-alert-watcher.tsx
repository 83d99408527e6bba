"use client";

import { useEffect, useRef } from "react";
import type { AlertRule } from "@/lib/client/alerts";
import { useRuleReadings } from "@/lib/client/alerts/readings";
import { trackerRuntime } from "@/lib/client/tracker/instance";
import { useFollows } from "@/lib/client/tracker/store";
import { useAlertEval } from "@/components/alerts/use-alert-eval";
import { useTrackerPolling } from "./use-tracker";

/** "A followed wallet buys": runs the tracker's poller on any page and feeds its new trades to the rules. */
export function FollowedAlertWatcher({ rules }: { rules: AlertRule[] }) {
  useTrackerPolling();
  const feed = useAlertEval();
  const latest = useRef({ rules, feed });
  useEffect(() => {
    latest.current = { rules, feed };
  });
  useEffect(
    () =>
      trackerRuntime().onFresh((rows) => {
        const names = new Map(useFollows.getState().wallets.map((w) => [`${w.chain}|${w.address}`, w.name]));
        const named = rows.map((r) => ({ ...r, walletName: names.get(`${r.chain}|${r.wallet}`) }));
        latest.current.feed(latest.current.rules, { type: "followed-trades", rows: named });
      }),
    [],
  );
  // Listening from here on: a followed wallet's next buy fires (the toggle says so; earlier rows are history).
  useEffect(() => {
    for (const r of rules) useRuleReadings.getState().note(r.id, {});
  }, [rules]);
  return null;
}
