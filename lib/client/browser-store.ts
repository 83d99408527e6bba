import { useSyncExternalStore } from "react";

// What the browser-persisted stores (watchlist, alerts) share: another tab's change is picked up, and components can
// wait for this browser's copy to load before they render it (no hydration mismatch, no "empty" flash).

interface PersistApi {
  persist: { rehydrate(): Promise<void> | void; hasHydrated(): boolean; onFinishHydration(cb: () => void): () => void };
}

/** Reloads `store` whenever another tab writes `storageKey`. */
export function followOtherTabs(store: PersistApi, storageKey: string): void {
  if (typeof window === "undefined") return;
  window.addEventListener("storage", (e) => {
    if (e.key === storageKey) void store.persist.rehydrate();
  });
}

/** A hook: false on the server and during hydration, true once this browser's copy of `store` is loaded. */
export function hydratedHook(store: PersistApi): () => boolean {
  const subscribe = (cb: () => void) => store.persist.onFinishHydration(cb);
  return () =>
    useSyncExternalStore(
      subscribe,
      () => store.persist.hasHydrated(),
      () => false,
    );
}
