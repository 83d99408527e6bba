"use client";

import { useOverlay } from "./overlay-store";

export function ShortcutsButton() {
  const openShortcuts = useOverlay((s) => s.openShortcuts);
  return (
    <button
      type="button"
      onClick={openShortcuts}
      aria-label="Keyboard shortcuts"
      aria-keyshortcuts="Shift+?"
      title="Keyboard shortcuts (?)"
      className="hidden size-7 items-center justify-center rounded-md border border-border text-xs text-muted hover:border-accent/50 hover:text-fg sm:flex"
    >
      ?
    </button>
  );
}
