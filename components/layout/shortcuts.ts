// Global keyboard shortcuts: one table for the handler and the `?` overlay.

export type ShortcutAction =
  | { type: "search" }
  | { type: "toggle-search" }
  | { type: "shortcuts" }
  | { type: "go"; href: string }
  | { type: "prefix" };

export interface KeyInfo {
  key: string;
  metaKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  /** The focus is in a text field: plain keys belong to it. */
  editing: boolean;
}

export const GO_TARGETS: Readonly<Record<string, { href: string; label: string }>> = {
  h: { href: "/", label: "Home" },
  p: { href: "/pulse", label: "Pulse" },
  w: { href: "/watchlist", label: "Watchlist" },
};

export const SHORTCUT_GROUPS: readonly { title: string; items: readonly { keys: string[][]; label: string }[] }[] = [
  {
    title: "Anywhere",
    items: [
      { keys: [["Ctrl", "K"], ["⌘", "K"], ["/"]], label: "Search tokens and wallets" },
      { keys: [["?"]], label: "Show keyboard shortcuts" },
      ...Object.entries(GO_TARGETS).map(([k, t]) => ({ keys: [["g", k]], label: `Go to ${t.label}` })),
    ],
  },
  {
    title: "Search",
    items: [
      { keys: [["↑"], ["↓"]], label: "Move through results" },
      { keys: [["Enter"]], label: "Open the result (an address opens its token, else its wallet)" },
      { keys: [["Esc"]], label: "Close" },
    ],
  },
];

/** What a key press means, given whether `g` was just pressed; null = not ours. */
export function shortcutFor(k: KeyInfo, afterG: boolean): ShortcutAction | null {
  if ((k.metaKey || k.ctrlKey) && !k.altKey && k.key.toLowerCase() === "k") return { type: "toggle-search" };
  if (k.editing || k.metaKey || k.ctrlKey || k.altKey) return null;
  if (afterG) {
    const t = GO_TARGETS[k.key.toLowerCase()];
    return t ? { type: "go", href: t.href } : null;
  }
  if (k.key === "/") return { type: "search" };
  if (k.key === "?") return { type: "shortcuts" };
  if (k.key === "g") return { type: "prefix" };
  return null;
}

export function isEditable(el: Element | null): boolean {
  if (!el) return false;
  const tag = el.tagName;
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  if (tag === "INPUT") {
    const type = (el as HTMLInputElement).type;
    return !["checkbox", "radio", "button", "submit", "reset", "range", "color", "file"].includes(type);
  }
  return (el as HTMLElement).isContentEditable === true;
}
