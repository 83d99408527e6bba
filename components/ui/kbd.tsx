import type { ReactNode } from "react";
import { cn } from "./cn";

/** A keyboard key, e.g. in shortcut hints. */
export function Kbd({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <kbd
      className={cn("rounded border border-border bg-panel px-1 font-mono text-micro leading-4 text-muted", className)}
    >
      {children}
    </kbd>
  );
}
