import type { Candle } from "@/lib/api/core";

// The legend reads the bar under the crosshair (or the newest) from this tiny store, so a live tick re-renders the
// legend alone, never the chart's parents.

export interface LegendState {
  hover: Candle | null;
  last: Candle | null;
}

export interface LegendStore {
  get(): LegendState;
  setHover(bar: Candle | null): void;
  setLast(bar: Candle | null): void;
  subscribe(listener: () => void): () => void;
}

export function createLegendStore(): LegendStore {
  let state: LegendState = { hover: null, last: null };
  const listeners = new Set<() => void>();
  const emit = (next: LegendState) => {
    state = next;
    for (const l of listeners) l();
  };
  return {
    get: () => state,
    setHover: (hover) => {
      if (hover !== state.hover) emit({ ...state, hover });
    },
    setLast: (last) => {
      if (last !== state.last) emit({ ...state, last });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
