"use client";

import { useEffect, useRef, useState } from "react";

const FLASH_MS = 700;

/** "up" / "down" for a moment after a live value moves, so the eye catches it; null otherwise. */
export function useFlash(value: number | null | undefined): "up" | "down" | null {
  const prev = useRef(value);
  const [dir, setDir] = useState<"up" | "down" | null>(null);
  useEffect(() => {
    const p = prev.current;
    prev.current = value;
    if (p == null || value == null || p === value) return;
    setDir(value > p ? "up" : "down");
    const t = setTimeout(() => setDir(null), FLASH_MS);
    return () => clearTimeout(t);
  }, [value]);
  return dir;
}
