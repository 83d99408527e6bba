"use client";

import type { ReactNode } from "react";
import { cn } from "@/components/ui";
import type { SortDir, SortKey } from "./watch-rows";

/** A sortable column header; the state is announced with aria-sort. */
export function SortHeader({
  k,
  active,
  dir,
  onSort,
  children,
  className,
  align = "right",
}: {
  k: SortKey;
  active: SortKey;
  dir: SortDir;
  onSort: (k: SortKey) => void;
  children: ReactNode;
  className?: string;
  align?: "left" | "right";
}) {
  const on = k === active;
  return (
    <th
      scope="col"
      aria-sort={on ? (dir === "asc" ? "ascending" : "descending") : "none"}
      className={cn("px-1.5 py-1.5 font-medium sm:px-2", align === "right" ? "text-right" : "text-left", className)}
    >
      <button
        type="button"
        onClick={() => onSort(k)}
        className={cn("inline-flex items-center gap-0.5 rounded hover:text-fg", on && "text-fg")}
      >
        {children}
        <span aria-hidden="true" className={cn("text-[9px]", !on && "opacity-0")}>
          {dir === "asc" ? "▲" : "▼"}
        </span>
      </button>
    </th>
  );
}
