"use client";

import { useOverlay } from "@/components/layout/overlay-store";
import { Kbd, SearchIcon } from "@/components/ui";

/** The header's search box: a button that opens the palette (it looks like a field, it is not one). */
export function SearchBox() {
  const openSearch = useOverlay((s) => s.openSearch);
  return (
    <button
      type="button"
      onClick={() => openSearch()}
      aria-keyshortcuts="Control+K Meta+K /"
      aria-label="Search tokens and wallets"
      className="flex h-8 min-w-8 items-center gap-2 overflow-hidden rounded-md border border-border bg-panel px-2 text-[13px] text-muted transition-colors hover:border-accent/50 hover:text-fg sm:w-56 lg:w-72"
    >
      <SearchIcon />
      {/* The name says what the box shows (the key hint is decoration; aria-keyshortcuts names it). */}
      <span className="hidden flex-1 truncate text-left sm:inline">Search tokens and wallets</span>
      <span aria-hidden="true" className="hidden sm:inline">
        <Kbd>/</Kbd>
      </span>
    </button>
  );
}
