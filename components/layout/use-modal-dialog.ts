"use client";

import { type RefObject, useEffect } from "react";

/**
 * Opens a <dialog> as modal on mount (focus trap, Esc, top layer from the browser) and, on unmount, closes it and
 * gives focus back to what had it before, however the dialog was dismissed.
 */
export function useModalDialog(ref: RefObject<HTMLDialogElement | null>): void {
  useEffect(() => {
    const d = ref.current;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (d && !d.open) d.showModal();
    return () => {
      if (d?.open) d.close();
      if (before?.isConnected) before.focus({ preventScroll: true });
    };
  }, [ref]);
}
