"use client";

import { useCallback, useEffect, useState } from "react";
import { pushRecent, type RecentEntry, readRecents, writeRecents } from "./recent-searches";

function storage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** Recent picks from localStorage (read after mount, so server and first client render agree). */
export function useRecents() {
  const [recents, setRecents] = useState<RecentEntry[]>([]);
  useEffect(() => setRecents(readRecents(storage())), []);
  const remember = useCallback((entry: RecentEntry) => {
    const next = pushRecent(readRecents(storage()), entry);
    writeRecents(storage(), next);
    setRecents(next);
  }, []);
  const clear = useCallback(() => {
    writeRecents(storage(), []);
    setRecents([]);
  }, []);
  return { recents, remember, clear };
}
