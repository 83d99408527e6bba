"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

/** Whether `href` is the page at `pathname` or one of its sub-pages. */
export function isActivePath(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

const SHAPE = {
  bar: "shrink-0 rounded-md px-2 py-1 sm:px-2.5",
  // a row of the phone's "More" menu (a raised panel): the whole row is the target
  menu: "block rounded px-3 py-2",
} as const;
const ACTIVE = { bar: "bg-panel-raised text-fg", menu: "bg-accent/20 text-fg" } as const;
const IDLE = "text-muted hover:bg-panel hover:text-fg";

// Every page is rendered per request (its CSP nonce), and a dynamic route without a loading boundary is not prefetched:
// a viewport prefetch only probed the route's tree and aborted it (ERR_ABORTED on every page). Links don't prefetch.
export function NavLink({
  href,
  children,
  variant = "bar",
  className,
  onClick,
}: {
  href: string;
  children: ReactNode;
  variant?: keyof typeof SHAPE;
  className?: string;
  onClick?: () => void;
}) {
  const pathname = usePathname();
  const active = isActivePath(pathname, href);
  return (
    <Link
      prefetch={false}
      href={href}
      onClick={onClick}
      aria-current={active ? "page" : undefined}
      className={cn(
        SHAPE[variant],
        "text-[13px] font-medium transition-colors",
        active ? ACTIVE[variant] : IDLE,
        className,
      )}
    >
      {children}
    </Link>
  );
}
