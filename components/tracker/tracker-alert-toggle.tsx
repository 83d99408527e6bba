"use client";

import { useAlerts, useAlertsHydrated } from "@/lib/client/alerts";
import { useRuleReadings } from "@/lib/client/alerts/readings";

/** One rule for the whole list: a toast (and a browser notification) when any followed wallet buys. */
export function TrackerAlertToggle() {
  const hydrated = useAlertsHydrated();
  const found = useAlerts((s) => s.rules.find((r) => r.kind === "followed-buys"));
  const rule = hydrated ? found : undefined;
  const add = useAlerts((s) => s.add);
  const remove = useAlerts((s) => s.remove);
  // Set once this tab's watcher listens to the feed (the alert layer loads after the page).
  const watching = useRuleReadings((s) => (rule ? s.readings[rule.id] !== undefined : false));
  return (
    <button
      type="button"
      aria-pressed={rule !== undefined}
      disabled={!hydrated}
      data-testid="tracker-alert"
      data-state={rule ? (watching ? "watching" : "starting") : "off"}
      title="Checks on every page while a tab is open, at the tracker's cadence"
      onClick={() => (rule ? remove(rule.id) : add({ kind: "followed-buys", label: "Followed wallets" }))}
      className={
        rule
          ? "rounded border border-accent bg-accent/15 px-2 py-0.5 text-xs text-accent"
          : "rounded border border-border px-2 py-0.5 text-xs text-muted hover:text-fg"
      }
    >
      {rule ? (watching ? "Alerting on buys" : "Starting alerts…") : "Alert when one buys"}
    </button>
  );
}
