"use client";

import { useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import { replaceSearch } from "@/lib/client/replace-search";
import { type PulseViewState, parsePulseView, pulseSearchParams } from "./view-state";

/** The board's view from the URL, and a setter that rewrites the URL in place (no navigation, no scroll). */
export function useBoardView(): [PulseViewState, (update: (current: PulseViewState) => PulseViewState) => void] {
  const params = useSearchParams();
  const view = useMemo(() => parsePulseView(params), [params]);
  const update = useCallback((fn: (current: PulseViewState) => PulseViewState) => {
    const current = new URLSearchParams(window.location.search);
    replaceSearch(pulseSearchParams(fn(parsePulseView(current)), current));
  }, []);
  return [view, update];
}
