import type { PulseEvent, PulseToken } from "@/lib/api";

// The gateway's own view of one pulse subscription, kept so a late joiner gets a snapshot at once (§6:
// snapshots replace, enter/update/leave apply between them). The browser's store does its own sorting.

export const MAX_PULSE_ENTRIES = 200;

export interface PulseState {
  /** Entries in list order, keyed by `chain:address`. */
  readonly entries: ReadonlyMap<string, PulseToken>;
  readonly meta: PulseEvent["meta"] | null;
}

export const EMPTY_PULSE: PulseState = { entries: new Map(), meta: null };

const keyOf = (t: { chain: string; address: string }) => `${t.chain}:${t.address}`;

/** Pure reducer: returns a new state, never mutates `state`. */
export function applyPulseEvent(state: PulseState, event: Pick<PulseEvent, "kind" | "data" | "meta">, cap = MAX_PULSE_ENTRIES): PulseState {
  const meta = { ...event.meta };
  switch (event.kind) {
    case "snapshot": {
      const entries = new Map<string, PulseToken>();
      for (const t of event.data as PulseToken[]) {
        if (entries.size >= cap) break;
        entries.set(keyOf(t), t);
      }
      return { entries, meta };
    }
    case "enter":
    case "update": {
      const token = event.data as PulseToken;
      const key = keyOf(token);
      if (state.entries.has(key)) {
        const entries = new Map(state.entries);
        entries.set(key, token); // in place: keeps list order
        return { entries, meta };
      }
      // A new entry goes first (newest at the top); the oldest falls off past the cap.
      const entries = new Map<string, PulseToken>([[key, token]]);
      for (const [k, v] of state.entries) {
        if (entries.size >= cap) break;
        entries.set(k, v);
      }
      return { entries, meta };
    }
    case "leave": {
      const key = keyOf(event.data as { chain: string; address: string });
      if (!state.entries.has(key)) return { entries: state.entries, meta };
      const entries = new Map(state.entries);
      entries.delete(key);
      return { entries, meta };
    }
    default:
      return state;
  }
}

/** The state as the data of a `snapshot` event. */
export function pulseSnapshotData(state: PulseState): PulseToken[] {
  return [...state.entries.values()];
}
