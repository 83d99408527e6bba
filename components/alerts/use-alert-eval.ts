"use client";

import { useCallback } from "react";
import {
  type AlertRule,
  evaluate,
  memoFromFired,
  type Observation,
  observedBy,
  type RuleMemo,
  useAlerts,
  useRuleReadings,
} from "@/lib/client/alerts";
import { useStreamStoreApi } from "@/lib/client/stream/provider";

// What each rule remembers between observations (in memory: a reload starts from the next reading).
const memos = new Map<string, RuleMemo>();

export function pruneMemos(live: ReadonlySet<string>): void {
  for (const id of memos.keys()) if (!live.has(id)) memos.delete(id);
  useRuleReadings.getState().prune(live);
}

function notify(title: string, body: string, tag: string): void {
  if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
  try {
    new Notification(title, { body, tag });
  } catch {
    // Some browsers only notify from a service worker; the in-app toast still shows.
  }
}

/** Feeds an observation to rules; fired alerts go to the store (toast, log) and to a browser notification. */
export function useAlertEval(): (rules: readonly AlertRule[], obs: Observation) => void {
  const store = useStreamStoreApi();
  return useCallback(
    (rules, obs) => {
      const now = Date.now() + store.getState().serverOffsetMs;
      for (const rule of rules) {
        const memo = memos.get(rule.id) ?? memoFromFired(rule.id, useAlerts.getState().fired);
        const r = evaluate(rule, obs, memo, now);
        memos.set(rule.id, r.memo);
        if (observedBy(rule) === obs.type) useRuleReadings.getState().note(rule.id, r.memo);
        if (!r.fired) continue;
        const f = useAlerts.getState().record(r.fired);
        notify(f.title, f.body, f.id);
      }
    },
    [store],
  );
}
