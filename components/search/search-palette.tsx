"use client";

import { lazy, Suspense, useEffect } from "react";
import { useOverlay } from "@/components/layout/overlay-store";
import { whenIdle } from "@/components/ui/when-idle";

// The palette's code (results, recents, chain filter) stays out of every page's first load: it is fetched when the
// browser is idle after the first paint, or at the first ⌘K if that comes sooner.
const loadDialog = () => import("./palette-dialog");
const PaletteDialog = lazy(() => loadDialog().then((m) => ({ default: m.PaletteDialog })));

/** The ⌘K palette: mounted only while open, so each opening starts fresh. */
export function SearchPalette() {
  const open = useOverlay((s) => s.overlay === "search");
  useEffect(() => whenIdle(() => void loadDialog()), []);
  return open ? (
    <Suspense fallback={null}>
      <PaletteDialog />
    </Suspense>
  ) : null;
}
