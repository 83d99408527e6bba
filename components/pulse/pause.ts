import type { PulseToken } from "@/lib/api/core";

// Pause on hover: the column keeps showing what it showed when the pointer arrived, while the live list keeps
// moving underneath (nothing is dropped); leaving shows the live list, so every buffered change lands at once.

const idOf = (t: Pick<PulseToken, "chain" | "address">) => `${t.chain}:${t.address}`;

export interface PausedView {
  tokens: readonly PulseToken[];
  /** Live tokens the frozen view does not show yet. */
  pending: number;
  /** Frozen cards that have since left the live list. */
  gone: number;
}

/** What a column shows: the frozen list while paused (with what is waiting), else the live one. */
export function pausedView(frozen: readonly PulseToken[] | null, live: readonly PulseToken[]): PausedView {
  if (!frozen) return { tokens: live, pending: 0, gone: 0 };
  const shown = new Set(frozen.map(idOf));
  const liveIds = new Set<string>();
  let pending = 0;
  for (const t of live) {
    const id = idOf(t);
    liveIds.add(id);
    if (!shown.has(id)) pending++;
  }
  let gone = 0;
  for (const id of shown) if (!liveIds.has(id)) gone++;
  return { tokens: frozen, pending, gone };
}
