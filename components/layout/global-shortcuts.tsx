"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { useOverlay } from "./overlay-store";
import { isEditable, shortcutFor } from "./shortcuts";

const PREFIX_WINDOW_MS = 1200;

/** Window-level key handler for the shortcuts listed in the `?` overlay. */
export function GlobalShortcuts() {
  const router = useRouter();
  useEffect(() => {
    let gAt = 0;
    function onKey(e: KeyboardEvent) {
      if (e.defaultPrevented || e.isComposing) return;
      const { overlay, openSearch, openShortcuts, close } = useOverlay.getState();
      const afterG = Date.now() - gAt < PREFIX_WINDOW_MS;
      gAt = 0;
      const a = shortcutFor(
        {
          key: e.key,
          metaKey: e.metaKey,
          ctrlKey: e.ctrlKey,
          altKey: e.altKey,
          editing: isEditable(document.activeElement),
        },
        afterG,
      );
      if (!a) return;
      if (a.type === "toggle-search") {
        e.preventDefault();
        if (overlay === "search") close();
        else openSearch();
        return;
      }
      if (overlay) return; // dialogs own the keyboard while open
      if (a.type === "prefix") gAt = Date.now();
      else if (a.type === "search") {
        e.preventDefault();
        openSearch();
      } else if (a.type === "shortcuts") {
        e.preventDefault();
        openShortcuts();
      } else if (a.type === "go") {
        e.preventDefault();
        router.push(a.href);
      }
    }
    window.addEventListener("keydown", onKey);
    // Lets tests (and scripts) know the shortcuts are live once the shell has hydrated.
    document.documentElement.dataset.shell = "ready";
    return () => window.removeEventListener("keydown", onKey);
  }, [router]);
  return null;
}
