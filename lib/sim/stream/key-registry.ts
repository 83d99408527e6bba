import { STREAM_LIMITS } from "@/lib/api";

// §8 stream limits per key: concurrent connections and distinct tracked tokens/pools across all its connections.

export interface StreamLimits {
  connections: number;
  subscriptionsPerConnection: number;
  trackedTokens: number;
}

export interface KeyRegistry {
  /** Claims a connection slot; false when the key already holds `limits.connections`. */
  openConnection(key: string): boolean;
  closeConnection(key: string): void;
  /** Adds tracked items (refcounted, distinct count limited); nothing is added when it would go over. */
  track(key: string, items: readonly string[]): boolean;
  untrack(key: string, items: readonly string[]): void;
  connections(key: string): number;
  tracked(key: string): number;
  /** Keys with live state (bounded: entries vanish with their last connection). */
  size(): number;
}

interface KeyState {
  connections: number;
  tracked: Map<string, number>;
}

export function createKeyRegistry(limits: StreamLimits = STREAM_LIMITS): KeyRegistry {
  const keys = new Map<string, KeyState>();
  const state = (key: string) => {
    let s = keys.get(key);
    if (!s) keys.set(key, (s = { connections: 0, tracked: new Map() }));
    return s;
  };
  const gc = (key: string) => {
    const s = keys.get(key);
    if (s && s.connections === 0 && s.tracked.size === 0) keys.delete(key);
  };

  return {
    openConnection(key) {
      const s = state(key);
      if (s.connections >= limits.connections) {
        gc(key);
        return false;
      }
      s.connections++;
      return true;
    },
    closeConnection(key) {
      const s = keys.get(key);
      if (!s) return;
      s.connections = Math.max(0, s.connections - 1);
      gc(key);
    },
    track(key, items) {
      const s = state(key);
      const fresh = new Set(items.filter((i) => !s.tracked.has(i)));
      if (s.tracked.size + fresh.size > limits.trackedTokens) {
        gc(key);
        return false;
      }
      for (const i of items) s.tracked.set(i, (s.tracked.get(i) ?? 0) + 1);
      return true;
    },
    untrack(key, items) {
      const s = keys.get(key);
      if (!s) return;
      for (const i of items) {
        const n = (s.tracked.get(i) ?? 0) - 1;
        if (n > 0) s.tracked.set(i, n);
        else s.tracked.delete(i);
      }
      gc(key);
    },
    connections: (key) => keys.get(key)?.connections ?? 0,
    tracked: (key) => keys.get(key)?.tracked.size ?? 0,
    size: () => keys.size,
  };
}
