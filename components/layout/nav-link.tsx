"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

// Every page is rendered per request (its CSP nonce), and a dynamic route without a loading boundary is not prefetched:
// a viewport prefetch only probed the route's tree and aborted it (ERR_ABORTED on every page). Links don't prefetch.
export function NavLink({ href, children }: { href: string; children: ReactNode }) {
  const pathname = usePathname();
  const active = pathname === href || pathname.startsWith(`${href}/`);
  return (
    <Link
      prefetch={false}
      href={href}
      aria-current={active ? "page" : undefined}
      className={`shrink-0 rounded-md px-2 py-1 sm:px-2.5 text-[13px] font-medium transition-colors ${
        active ? "bg-panel-raised text-fg" : "text-muted hover:bg-panel hover:text-fg"
      }`}
    >
      {children}
    </Link>
  );
}
