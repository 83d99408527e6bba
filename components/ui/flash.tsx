"use client";

import { type ReactNode, useEffect, useRef, useState } from "react";
import { cn } from "./cn";
import { flashDirection } from "./flash-direction";

const FLASH_MS = 600;

/** Tints its content green or red for a moment when `value` moves up or down (live prices, market caps). */
export function Flash({ value, children, className }: { value: unknown; children: ReactNode; className?: string }) {
  const prev = useRef(value);
  const [dir, setDir] = useState<"up" | "down" | null>(null);

  useEffect(() => {
    const d = flashDirection(prev.current, value);
    prev.current = value;
    if (!d) return;
    setDir(d);
    const t = setTimeout(() => setDir(null), FLASH_MS);
    return () => clearTimeout(t);
  }, [value]);

  return (
    <span
      className={cn(
        "rounded-sm transition-colors duration-500",
        dir === "up" && "bg-up/20",
        dir === "down" && "bg-down/20",
        className,
      )}
    >
      {children}
    </span>
  );
}
