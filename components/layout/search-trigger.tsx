// Placeholder: the search dialog (⌘K) replaces this button.
export function SearchTrigger() {
  return (
    <button
      type="button"
      disabled
      title="Search is coming soon"
      className="flex h-9 w-64 cursor-not-allowed items-center gap-2 rounded-md border border-border bg-panel px-3 text-sm text-muted"
    >
      <svg viewBox="0 0 20 20" aria-hidden="true" className="size-4 fill-none stroke-current" strokeWidth="1.8">
        <circle cx="9" cy="9" r="5.5" />
        <path d="M13 13l4 4" strokeLinecap="round" />
      </svg>
      <span className="flex-1 text-left">Search</span>
      <kbd className="rounded border border-border px-1.5 font-mono text-xs">⌘K</kbd>
    </button>
  );
}
