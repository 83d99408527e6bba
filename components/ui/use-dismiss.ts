"use client";

import { type RefObject, useEffect } from "react";

/**
 * While `open`: a pointer down outside `wrap` or Escape calls `close`; Escape also returns focus to `button` (and is
 * not passed on, so an outer dialog or shortcut does not see it too).
 */
export function useDismiss(
  open: boolean,
  close: () => void,
  wrap: RefObject<HTMLElement | null>,
  button: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!wrap.current?.contains(e.target as Node)) close();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      e.stopPropagation();
      close();
      button.current?.focus();
    };
    document.addEventListener("pointerdown", onDown);
    document.addEventListener("keydown", onKey, true);
    return () => {
      document.removeEventListener("pointerdown", onDown);
      document.removeEventListener("keydown", onKey, true);
    };
  }, [open, close, wrap, button]);
}
