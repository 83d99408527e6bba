"use client";

import { useEffect, useRef, useState } from "react";

/**
 * The latest `value`, passed on at most once per `ms` (the first change after a quiet spell at once). A storm of live
 * trades then costs a few list renders a second instead of one per frame; nothing is skipped, only coalesced.
 */
export function useThrottled<T>(value: T, ms: number): T {
  const [shown, setShown] = useState(value);
  const lastEmit = useRef(0);
  const latest = useRef(value);
  latest.current = value;
  useEffect(() => {
    if (Object.is(value, shown)) return;
    const wait = lastEmit.current + ms - performance.now();
    if (wait <= 0) {
      lastEmit.current = performance.now();
      setShown(value);
      return;
    }
    const t = setTimeout(() => {
      lastEmit.current = performance.now();
      setShown(latest.current);
    }, wait);
    return () => clearTimeout(t);
  }, [value, shown, ms]);
  return shown;
}
