"use client";

import { create } from "zustand";

// Which shell overlay is open: at most one at a time (the search palette or the shortcuts list).
export type Overlay = "search" | "shortcuts" | null;

/** A token chosen in the palette's pick mode (a chart cell asks for one instead of opening its page). */
export interface PickedToken {
  chain: string;
  address: string;
  symbol?: string;
  /** Market ms, when the search result says. */
  createdAt?: number;
}

interface OverlayState {
  overlay: Overlay;
  /** Text the palette opens with (e.g. the key that opened it). */
  searchSeed: string;
  /** Pick mode: a chosen token goes here, and the palette navigates nowhere. */
  pick: { label: string; onPick: (t: PickedToken) => void } | null;
  openSearch: (seed?: string) => void;
  openPicker: (label: string, onPick: (t: PickedToken) => void) => void;
  openShortcuts: () => void;
  close: () => void;
}

export const useOverlay = create<OverlayState>()((set) => ({
  overlay: null,
  searchSeed: "",
  pick: null,
  openSearch: (seed = "") => set({ overlay: "search", searchSeed: seed, pick: null }),
  openPicker: (label, onPick) => set({ overlay: "search", searchSeed: "", pick: { label, onPick } }),
  openShortcuts: () => set({ overlay: "shortcuts", pick: null }),
  close: () => set({ overlay: null, searchSeed: "", pick: null }),
}));
