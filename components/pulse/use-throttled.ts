"use client";

import { useEffect, useRef, useState } from "react";

/**
 * `value`, passed on at most once per `ms` (the latest one always lands, `ms` after the previous at most). A busy
 * market pushes list changes every frame; a column that re-renders a few times a second reads the same and leaves
 * the main thread free (the live list underneath keeps every delta).
 */
export function useThrottled<T>(value: T, ms: number): T {
  const [shown, setShown] = useState(value);
  const last = useRef(0);
  useEffect(() => {
    if (Object.is(value, shown)) return;
    const wait = last.current + ms - Date.now();
    if (wait <= 0) {
      last.current = Date.now();
      setShown(() => value);
      return;
    }
    const t = setTimeout(() => {
      last.current = Date.now();
      setShown(() => value);
    }, wait);
    return () => clearTimeout(t);
  }, [value, shown, ms]);
  return shown;
}
