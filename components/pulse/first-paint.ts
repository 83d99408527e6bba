import type { PulseToken } from "@/lib/api/core";
import { filterUsesClock, visibleTokens } from "./filters";
import type { ColumnState } from "./view-state";

// What a column's first paint shows, shared by the server (which sends only those rows with the page) and the
// column (which renders them the same way on both sides, then gets the whole list from the stream or REST).

/** A column whose limit is above this renders only the cards on screen (plus a margin): a virtual list. */
export const VIRTUALIZE_AT = 40;
/** Cards a virtual list renders beyond those on screen, once it has measured its scroll box. */
export const OVERSCAN = 6;
/**
 * Rows a virtual list renders before it has measured its scroll box (the server's render and the hydration): 12
 * rows fill a column on screens up to ~1,100 px tall. No overscan yet: the first paint draws what a screen shows and
 * no more (a phone hydrates a third of the cards it would otherwise); the overscan joins once the page is live.
 */
export const INITIAL_ROWS = 12;

export const isVirtual = (limit: number): boolean => limit > VIRTUALIZE_AT;

/** Cards the column renders before it has measured itself: the whole list when it is short, else one screenful. */
export function firstPaintRows(limit: number): number {
  return isVirtual(limit) ? INITIAL_ROWS : limit;
}

/** The column's figures over the whole list, shown until the whole list has arrived in the browser. */
export interface FirstPaintCounts {
  /** Cards shown (filtered, cut to the limit). */
  count: number;
  /** Tokens in the list. */
  tracked: number;
}

export interface FirstPaint {
  /** The rows the first paint draws, in list order. */
  tokens: PulseToken[];
  counts: FirstPaintCounts;
}

/**
 * The part of a column's list that its first paint draws: the first cards that pass the column's filter. With an
 * age filter the browser's clock decides which rows pass, so the whole list is kept.
 */
export function firstPaint(
  tokens: readonly PulseToken[],
  state: ColumnState,
  nowMs: number,
  padSlugOf: (t: PulseToken) => string | null,
): FirstPaint {
  const shown = visibleTokens(tokens, state.filter, state.limit, nowMs, padSlugOf);
  const counts = { count: shown.length, tracked: tokens.length };
  if (filterUsesClock(state.filter)) return { tokens: [...tokens], counts };
  const keep = new Set(shown.slice(0, firstPaintRows(state.limit)));
  return { tokens: tokens.filter((t) => keep.has(t)), counts };
}
