import { type ReactNode, useId } from "react";
import { cn } from "./cn";

/**
 * A CSS-only tooltip: shown on hover and keyboard focus within, no script. Works in server components.
 * The trigger is described by the tooltip for screen readers.
 */
export function Tooltip({
  content,
  children,
  side = "top",
  className,
}: {
  content: ReactNode;
  children: ReactNode;
  side?: "top" | "bottom";
  className?: string;
}) {
  const id = useId();
  return (
    <span className={cn("group/tooltip relative inline-flex", className)} aria-describedby={id}>
      {children}
      <span
        role="tooltip"
        id={id}
        className={cn(
          "pointer-events-none invisible absolute left-1/2 z-50 -translate-x-1/2 whitespace-nowrap rounded border border-border bg-panel-raised px-2 py-1 text-xs text-fg opacity-0 shadow-lg transition-opacity",
          "group-hover/tooltip:visible group-hover/tooltip:opacity-100 group-focus-within/tooltip:visible group-focus-within/tooltip:opacity-100",
          side === "top" ? "bottom-full mb-1" : "top-full mt-1",
        )}
      >
        {content}
      </span>
    </span>
  );
}
