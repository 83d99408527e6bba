"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

export function NavLink({ href, children }: { href: string; children: ReactNode }) {
  const pathname = usePathname();
  const active = pathname === href || pathname.startsWith(`${href}/`);
  return (
    <Link
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
