"use client";

import { usePathname } from "next/navigation";
import { useCallback, useId, useRef, useState } from "react";
import { cn } from "@/components/ui/cn";
import { useDismiss } from "@/components/ui/use-dismiss";
import { isActivePath, NavLink } from "./nav-link";

export interface NavItem {
  href: string;
  label: string;
}

/**
 * The main nav's "More" on a phone: the links the bar has no room for, under a disclosure button that names the
 * current page when it is one of them. Escape or a tap outside closes it (Escape returns focus to the button);
 * following a link closes it too.
 */
export function NavMore({ items, className }: { items: readonly NavItem[]; className?: string }) {
  const pathname = usePathname();
  // Open on the page it was opened on: a navigation closes it, with no effect to reset it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const id = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const current = items.find((i) => isActivePath(pathname, i.href));

  const closeMenu = useCallback(() => setOpenOn(null), []);
  useDismiss(open, closeMenu, wrap, button);

  return (
    <div ref={wrap} className={cn("relative shrink-0", className)}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpenOn(open ? null : pathname)}
        className={cn(
          "flex items-center gap-1 rounded-md px-2 py-1 text-[13px] font-medium transition-colors",
          current || open ? "bg-panel-raised text-fg" : "text-muted hover:bg-panel hover:text-fg",
        )}
      >
        {current?.label ?? "More"}
        {/* named "More pages", or "Tracker and more pages" (the visible text first, spaces that survive either way) */}
        <span className="sr-only">{current ? " and more pages" : " pages"}</span>
        <span aria-hidden="true" className="text-xs">
          ▾
        </span>
      </button>
      {open ? (
        <ul
          id={id}
          aria-label="More pages"
          className="absolute top-full left-0 z-50 mt-1 min-w-36 rounded-md border border-border bg-panel-raised p-1 shadow-xl shadow-black/40"
        >
          {items.map((i) => (
            <li key={i.href}>
              <NavLink href={i.href} variant="menu" onClick={() => setOpenOn(null)}>
                {i.label}
              </NavLink>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
