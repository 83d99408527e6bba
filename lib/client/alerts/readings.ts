"use client";

import { create } from "zustand";
import type { RuleMemo } from "./rules";

// Where each rule stands since this tab started evaluating it (in memory, like the rules' memos): a rule shows
// "watching" once it has taken its first reading, and a level rule shows the value it last read.

export interface RuleReading {
  /** The value a price or market-cap rule last read (USD). */
  last?: number;
}

export interface ReadingsState {
  readings: Record<string, RuleReading>;
  /** Records a rule's memo after an observation; no change when what it shows is unchanged. */
  note(ruleId: string, memo: RuleMemo): void;
  /** Forgets rules that no longer exist. */
  prune(live: ReadonlySet<string>): void;
}

export const useRuleReadings = create<ReadingsState>()((set, get) => ({
  readings: {},
  note(ruleId, memo) {
    const prev = get().readings[ruleId];
    if (prev && prev.last === memo.last) return;
    set((s) => ({ readings: { ...s.readings, [ruleId]: memo.last === undefined ? {} : { last: memo.last } } }));
  },
  prune(live) {
    const readings = get().readings;
    if (Object.keys(readings).every((id) => live.has(id))) return;
    set({ readings: Object.fromEntries(Object.entries(readings).filter(([id]) => live.has(id))) });
  },
}));
