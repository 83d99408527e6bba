"use client";

import { lazy, Suspense } from "react";
import { useOverlay } from "./overlay-store";

// Loaded at the first `?`: nobody needs the list of shortcuts to read the page.
const ShortcutsDialog = lazy(() => import("./shortcuts-dialog").then((m) => ({ default: m.ShortcutsDialog })));

/** The `?` overlay: every keyboard shortcut in one list. */
export function ShortcutsOverlay() {
  const open = useOverlay((s) => s.overlay === "shortcuts");
  return open ? (
    <Suspense fallback={null}>
      <ShortcutsDialog />
    </Suspense>
  ) : null;
}
