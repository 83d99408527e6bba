"use client";

import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { followOtherTabs, hydratedHook } from "../browser-store";
import { serverClock } from "../server-clock";
import {
  addFollow,
  type FollowedWallet,
  type FollowInput,
  indexOfFollow,
  removeFollow,
  renameFollow,
  sanitiseFollows,
} from "./follows";

export interface FollowsState {
  wallets: FollowedWallet[];
  /** False when the address is not a wallet of that chain or the list is full. */
  follow: (input: FollowInput) => boolean;
  unfollow: (chain: string, address: string) => void;
  rename: (chain: string, address: string, name: string) => void;
  /** Replaces the whole list (an import checked by importFollows). */
  replace: (wallets: readonly FollowedWallet[]) => void;
  clear: () => void;
}

export const FOLLOWS_STORAGE_KEY = "tradescope.tracker";
export const FOLLOWS_VERSION = 1;

// Market time: "followed since" compares with trade times (§1.4), which a simulated market may run ahead.
const marketNow = () => Date.now() + serverClock.offsetMs();

// Kept in this browser only; the server never sees whom a trader follows.
export const useFollows = create<FollowsState>()(
  persist(
    (set, get) => ({
      wallets: [],
      follow(input) {
        const r = addFollow(get().wallets, input, marketNow());
        if (r.ok) set({ wallets: r.items });
        return r.ok;
      },
      unfollow: (chain, address) => set({ wallets: removeFollow(get().wallets, chain, address) }),
      rename: (chain, address, name) => set({ wallets: renameFollow(get().wallets, chain, address, name) }),
      replace: (wallets) => set({ wallets: sanitiseFollows(wallets) }),
      clear: () => set({ wallets: [] }),
    }),
    {
      name: FOLLOWS_STORAGE_KEY,
      version: FOLLOWS_VERSION,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ wallets: s.wallets }),
      // localStorage is user-editable: never trust its shape.
      merge: (persisted, current) => ({
        ...current,
        wallets: sanitiseFollows((persisted as { wallets?: unknown } | null)?.wallets),
      }),
      // A newer schema than this code knows is read as far as its entries validate.
      migrate: (persisted) => ({ wallets: sanitiseFollows((persisted as { wallets?: unknown } | null)?.wallets) }),
    },
  ),
);

// Another tab followed or unfollowed someone: pick it up.
followOtherTabs(useFollows, FOLLOWS_STORAGE_KEY);

export function useIsFollowed(chain: string, address: string): boolean {
  return useFollows((s) => indexOfFollow(s.wallets, chain, address) >= 0);
}

/** False on the server and during hydration, true once this browser's list is loaded. */
export const useFollowsHydrated: () => boolean = hydratedHook(useFollows);
