"use client";

import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { followOtherTabs, hydratedHook } from "../browser-store";
import { addItem, indexOfItem, removeItem, restoreItem, sanitiseItems, type WatchInput, type WatchItem } from "./items";

export interface WatchlistState {
  items: WatchItem[];
  add: (input: WatchInput) => void;
  remove: (chain: string, address: string) => void;
  restore: (item: WatchItem) => void;
  toggle: (input: WatchInput) => boolean;
  clear: () => void;
}

export const WATCHLIST_STORAGE_KEY = "tradescope.watchlist";

// Kept in the browser only (issue: "kept in the browser with zustand persist"); the server never sees the list.
export const useWatchlist = create<WatchlistState>()(
  persist(
    (set, get) => ({
      items: [],
      add: (input) => set({ items: addItem(get().items, input, Date.now()) }),
      remove: (chain, address) => set({ items: removeItem(get().items, chain, address) }),
      restore: (item) => set({ items: restoreItem(get().items, item) }),
      toggle: (input) => {
        const on = indexOfItem(get().items, input.chain, input.address) >= 0;
        set({
          items: on ? removeItem(get().items, input.chain, input.address) : addItem(get().items, input, Date.now()),
        });
        return !on;
      },
      clear: () => set({ items: [] }),
    }),
    {
      name: WATCHLIST_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ items: s.items }),
      // localStorage is user-editable: never trust its shape.
      merge: (persisted, current) => ({
        ...current,
        items: sanitiseItems((persisted as { items?: unknown } | null)?.items),
      }),
      migrate: (persisted) => ({ items: sanitiseItems((persisted as { items?: unknown } | null)?.items) }),
    },
  ),
);

// Another tab starred or removed something: pick it up.
followOtherTabs(useWatchlist, WATCHLIST_STORAGE_KEY);

export function useIsWatched(chain: string, address: string): boolean {
  return useWatchlist((s) => indexOfItem(s.items, chain, address) >= 0);
}

/** False on the server and during hydration, true once the browser's list is loaded (avoids an "empty" flash). */
export const useWatchlistHydrated: () => boolean = hydratedHook(useWatchlist);
