"use client";

import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { followOtherTabs, hydratedHook } from "../browser-store";
import { serverClock } from "../server-clock";
import { type AlertRule, type FiredAlert, MAX_FIRED, MAX_RULES, sanitiseFired, sanitiseRules } from "./rules";

// Alert rules and the alerts they fired, kept in this browser only (localStorage), bounded.

export const ALERTS_STORAGE_KEY = "tradescope.alerts";
export const MAX_TOASTS = 4;

export type RuleInput = AlertRule extends infer R ? (R extends AlertRule ? Omit<R, "id" | "createdAt"> : never) : never;

export interface AlertState {
  rules: AlertRule[];
  fired: FiredAlert[];
  /** Shown as toasts until dismissed (not stored). */
  toasts: FiredAlert[];
  /** False when the rule cap is reached. */
  add(input: RuleInput, now?: number): boolean;
  remove(id: string): void;
  record(alert: Omit<FiredAlert, "id">): FiredAlert;
  dismiss(id: string): void;
  clearFired(): void;
}

let seq = 0;
const newId = (now: number) => `${now.toString(36)}-${(seq++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export function createAlertStore(storage: () => Storage) {
  return create<AlertState>()(
    persist(
      (set, get) => ({
        rules: [],
        fired: [],
        toasts: [],
        // Market time: a rule only counts what happens after it was set, by the market's clock (§1.4).
        add(input, now = Date.now() + serverClock.offsetMs()) {
          if (get().rules.length >= MAX_RULES) return false;
          set({ rules: [...get().rules, { ...input, id: newId(now), createdAt: now } as AlertRule] });
          return true;
        },
        remove: (id) => set({ rules: get().rules.filter((r) => r.id !== id) }),
        record(alert) {
          const f = { ...alert, id: newId(alert.at) };
          set({ fired: [...get().fired, f].slice(-MAX_FIRED), toasts: [...get().toasts, f].slice(-MAX_TOASTS) });
          return f;
        },
        dismiss: (id) => set({ toasts: get().toasts.filter((t) => t.id !== id) }),
        clearFired: () => set({ fired: [] }),
      }),
      {
        name: ALERTS_STORAGE_KEY,
        version: 1,
        storage: createJSONStorage(storage),
        partialize: (s) => ({ rules: s.rules, fired: s.fired }),
        // localStorage is user-editable: never trust its shape.
        merge: (persisted, current) => {
          const p = persisted as { rules?: unknown; fired?: unknown } | null;
          return { ...current, rules: sanitiseRules(p?.rules), fired: sanitiseFired(p?.fired) };
        },
      },
    ),
  );
}

export const useAlerts = createAlertStore(() => localStorage);

// Another tab added or removed a rule: pick it up.
followOtherTabs(useAlerts, ALERTS_STORAGE_KEY);

/** False on the server and during hydration, true once this browser's rules are loaded (no mismatch on hydrate). */
export const useAlertsHydrated: () => boolean = hydratedHook(useAlerts);
