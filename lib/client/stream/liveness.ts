import type { Liveness } from "./socket";

/**
 * The worst delay among polled live views (ms), or null when every view is streamed (or none says): what a page-level
 * status shows. `keys` limits it to some views (e.g. a board's pulse lists); absent, every view of the tab counts.
 */
export function worstDelayMs(liveness: Readonly<Record<string, Liveness>>, keys?: readonly string[]): number | null {
  let worst: number | null = null;
  for (const key of keys ?? Object.keys(liveness)) {
    const l = liveness[key];
    if (l?.mode !== "poll") continue;
    worst = Math.max(worst ?? 0, l.delayMs ?? 0);
  }
  return worst;
}
