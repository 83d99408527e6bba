"use client";

import { create } from "zustand";

// Which shell overlay is open: at most one at a time (the search palette or the shortcuts list).
export type Overlay = "search" | "shortcuts" | null;

interface OverlayState {
  overlay: Overlay;
  /** Text the palette opens with (e.g. the key that opened it). */
  searchSeed: string;
  openSearch: (seed?: string) => void;
  openShortcuts: () => void;
  close: () => void;
}

export const useOverlay = create<OverlayState>()((set) => ({
  overlay: null,
  searchSeed: "",
  openSearch: (seed = "") => set({ overlay: "search", searchSeed: seed }),
  openShortcuts: () => set({ overlay: "shortcuts" }),
  close: () => set({ overlay: null, searchSeed: "" }),
}));
