"use client";

import { type ReactNode, useEffect, useRef } from "react";
import { cn } from "./cn";
import { flashDirection } from "./flash-direction";

const FLASH_MS = 600;

/**
 * Tints its content green or red for a moment when `value` moves up or down (live prices, market caps). A step, not a
 * fade: a board flashes dozens of values a second, and a fading colour repaints every one of them on every frame
 * (measured on /pulse: half the main thread of a headless Chromium). Set on the element, outside React's render.
 */
export function Flash({ value, children, className }: { value: unknown; children: ReactNode; className?: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const prev = useRef(value);

  useEffect(() => {
    const d = flashDirection(prev.current, value);
    prev.current = value;
    const el = ref.current;
    if (!d || !el) return;
    el.dataset.flash = d;
    const t = setTimeout(() => delete el.dataset.flash, FLASH_MS);
    // A next value within the moment ends this tint (and starts its own, if it moved): none is left on for good.
    return () => {
      clearTimeout(t);
      delete el.dataset.flash;
    };
  }, [value]);

  return (
    <span ref={ref} className={cn("rounded-sm data-[flash=up]:bg-up/20 data-[flash=down]:bg-down/20", className)}>
      {children}
    </span>
  );
}
