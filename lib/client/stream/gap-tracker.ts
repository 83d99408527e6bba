import type { TokenTrade } from "@/lib/api/core";
import { compareTrades } from "./reducers/trades";
import type { StreamStore } from "./store";

// Where a tape's gap starts: the newest row seen before it (its "anchor"). Repair fetches REST pages back to it.

/** Rows received this shortly before a resync may already be post-gap: the repair reaches back past them. */
export const RESYNC_LOOKBACK_MS = 2_000;
const RECEIPTS_CAP = 128;

const newestOf = (rows: readonly TokenTrade[]) => rows.reduce((a, b) => (compareTrades(a, b) <= 0 ? a : b));

export interface GapTracker {
  /** A trades frame arrived (its newest row and the time are kept, bounded). */
  noteReceipt(key: string, rows: readonly TokenTrade[]): void;
  /** The socket closed: nothing after the ring's head was received. */
  markDisconnect(key: string): void;
  /**
   * The gateway sends a subscription's `resync` once it is re-acknowledged upstream, so a few post-gap rows may precede it:
   * anchor on the newest row received well before, or the ring's oldest row when there is none.
   */
  markResync(key: string): void;
  /** The anchor for a repair: a row, null (no gap known: repair from the newest page only) or undefined. */
  anchor(key: string): TokenTrade | null | undefined;
  clear(key: string): void;
  forget(key: string): void;
}

export function createGapTracker(store: StreamStore, now: () => number): GapTracker {
  const anchors = new Map<string, TokenTrade | null>();
  const receipts = new Map<string, Array<{ t: number; row: TokenTrade }>>();
  const ring = (key: string) => store.getState().tapes[key]?.rows ?? [];

  function setOlder(key: string, candidate: TokenTrade | null) {
    const prev = anchors.get(key);
    // Keep the older anchor: reaching further back costs a page, stopping short leaves a hole.
    if (prev === undefined || (prev && candidate && compareTrades(candidate, prev) > 0)) anchors.set(key, candidate);
  }

  return {
    noteReceipt(key, rows) {
      if (rows.length === 0) return;
      let list = receipts.get(key);
      if (!list) receipts.set(key, (list = []));
      list.push({ t: now(), row: newestOf(rows) });
      if (list.length > RECEIPTS_CAP) list.splice(0, list.length - RECEIPTS_CAP);
    },
    markDisconnect(key) {
      store.getState().actions.flush();
      setOlder(key, ring(key)[0] ?? null);
    },
    markResync(key) {
      store.getState().actions.flush();
      const cutoff = now() - RESYNC_LOOKBACK_MS;
      const before = (receipts.get(key) ?? []).filter((r) => r.t <= cutoff).map((r) => r.row);
      const rows = ring(key);
      setOlder(key, before.length ? newestOf(before) : (rows[rows.length - 1] ?? null));
    },
    anchor: (key) => anchors.get(key),
    clear: (key) => void anchors.delete(key),
    forget(key) {
      anchors.delete(key);
      receipts.delete(key);
    },
  };
}
