import type { PulseToken, PulseView } from "@/lib/api/core";

// A launchpad list as a pure value (§6 pulse): a snapshot replaces the list (never merges); enter / update / leave
// apply between snapshots. Each view keeps its own order and a cap.

export const PULSE_CAP = 100;
/** Deltas newer than the current list, kept so an older REST list can be applied without losing them. */
export const PULSE_LOG_CAP = 256;

export type PulseDelta =
  | { kind: "enter" | "update"; token: PulseToken; asOf: number }
  | { kind: "leave"; chain: string; address: string; asOf: number };

export interface PulseListState {
  readonly view: PulseView;
  readonly items: readonly PulseToken[];
  /** meta.asOf of the list the items derive from; null before any list. */
  readonly asOf: number | null;
  /** Deltas applied since that list (bounded). */
  readonly log: readonly PulseDelta[];
  readonly cap: number;
}

export function emptyPulse(view: PulseView, cap = PULSE_CAP): PulseListState {
  return { view, items: [], asOf: null, log: [], cap };
}

const idOf = (t: { chain: string; address: string }) => `${t.chain}:${t.address}`;

function sortValue(view: PulseView, t: PulseToken): number {
  if (view === "new") return t.createdAt;
  if (view === "bonding") return t.bondingProgress;
  return t.graduatedAt ?? Number.NEGATIVE_INFINITY;
}

/** new: createdAt desc; bonding: bondingProgress desc; graduated: graduatedAt desc; ties by address, chain. */
export function comparePulse(view: PulseView) {
  return (a: PulseToken, b: PulseToken): number => {
    const d = sortValue(view, b) - sortValue(view, a);
    if (d !== 0 && !Number.isNaN(d)) return d;
    if (a.address !== b.address) return a.address < b.address ? -1 : 1;
    return a.chain < b.chain ? -1 : a.chain > b.chain ? 1 : 0;
  };
}

function ordered(view: PulseView, items: Iterable<PulseToken>, cap: number): PulseToken[] {
  const byId = new Map<string, PulseToken>();
  for (const t of items) byId.set(idOf(t), t);
  const out = [...byId.values()].sort(comparePulse(view));
  if (out.length > cap) out.length = cap;
  return out;
}

/** Index where `t` goes in an ordered list (binary search). */
function insertAt(view: PulseView, items: readonly PulseToken[], t: PulseToken): number {
  const cmp = comparePulse(view);
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cmp(items[mid], t) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function applyOne(state: PulseListState, d: PulseDelta): readonly PulseToken[] {
  const id = d.kind === "leave" ? idOf(d) : idOf(d.token);
  const at = state.items.findIndex((t) => idOf(t) === id);
  if (d.kind === "leave") return at < 0 ? state.items : state.items.filter((_, i) => i !== at);
  // An update for a token we never saw entering (a lost delta) is upserted; the next snapshot is authoritative anyway.
  const items = at < 0 ? state.items.slice() : state.items.filter((_, i) => i !== at);
  items.splice(insertAt(state.view, items, d.token), 0, d.token);
  if (items.length > state.cap) items.length = state.cap;
  return items;
}

/** A delta older than the current list is already part of it (a REST list applied while deltas waited): ignored. */
export function applyPulseDelta(state: PulseListState, d: PulseDelta): PulseListState {
  if (state.asOf !== null && d.asOf < state.asOf) return state;
  const items = applyOne(state, d);
  const log = [...state.log, d];
  if (log.length > PULSE_LOG_CAP) log.splice(0, log.length - PULSE_LOG_CAP);
  return { ...state, items, log };
}

/**
 * A full list (stream snapshot or REST page) replaces the items. A list older than the current one is ignored;
 * deltas already applied that are newer than the list are replayed on top of it.
 */
export function applyPulseSnapshot(state: PulseListState, items: readonly PulseToken[], asOf: number): PulseListState {
  if (state.asOf !== null && asOf < state.asOf) return state;
  let next: PulseListState = { ...state, items: ordered(state.view, items, state.cap), asOf, log: [] };
  for (const d of state.log) if (d.asOf > asOf) next = applyPulseDelta(next, d);
  return next;
}
