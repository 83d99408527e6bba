"use client";

import { useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import { type PulseViewState, parsePulseView, pulseSearchParams } from "./view-state";

/** The board's view from the URL, and a setter that rewrites the URL in place (no navigation, no scroll). */
export function useBoardView(): [PulseViewState, (update: (current: PulseViewState) => PulseViewState) => void] {
  const params = useSearchParams();
  const view = useMemo(() => parsePulseView(params), [params]);
  const update = useCallback((fn: (current: PulseViewState) => PulseViewState) => {
    const current = new URLSearchParams(window.location.search);
    const next = pulseSearchParams(fn(parsePulseView(current)), current).toString();
    // Next keeps useSearchParams in step with history.replaceState: a shallow update, no server round trip.
    window.history.replaceState(null, "", next ? `?${next}` : window.location.pathname);
  }, []);
  return [view, update];
}
