"use client";

import { Kbd } from "@/components/ui";
import { useOverlay } from "@/components/layout/overlay-store";

/** The header's search box: a button that opens the palette (it looks like a field, it is not one). */
export function SearchBox() {
  const openSearch = useOverlay((s) => s.openSearch);
  return (
    <button
      type="button"
      onClick={() => openSearch()}
      aria-keyshortcuts="Control+K Meta+K /"
      aria-label="Search tokens and wallets"
      className="flex h-8 min-w-0 items-center gap-2 rounded-md border border-border bg-panel px-2 text-[13px] text-muted transition-colors hover:border-accent/50 hover:text-fg sm:w-56 lg:w-72"
    >
      <svg
        viewBox="0 0 20 20"
        aria-hidden="true"
        className="size-4 shrink-0 fill-none stroke-current"
        strokeWidth="1.8"
      >
        <circle cx="9" cy="9" r="5.5" />
        <path d="M13 13l4 4" strokeLinecap="round" />
      </svg>
      <span className="hidden flex-1 truncate text-left sm:inline">Search token or wallet</span>
      <Kbd className="hidden sm:inline">/</Kbd>
    </button>
  );
}
