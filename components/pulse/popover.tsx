"use client";

import { type ReactNode, useCallback, useId, useRef, useState } from "react";
import { cn } from "@/components/ui";
import { useDismiss } from "@/components/ui/use-dismiss";

/**
 * A small disclosure panel under its button: Escape or a click outside closes it and focus returns to the button.
 * `children` gets a `close` callback for Apply-style actions.
 */
export function Popover({
  label,
  triggerLabel = label,
  trigger,
  children,
  align = "end",
  triggerClassName,
  panelClassName,
}: {
  /** Accessible name of the panel, and of the trigger unless `triggerLabel` says otherwise. */
  label: string;
  /** The trigger's own name; null when its visible content names it (the name must hold the visible text). */
  triggerLabel?: string | null;
  trigger: ReactNode;
  children: (close: () => void) => ReactNode;
  align?: "start" | "end";
  triggerClassName?: string;
  panelClassName?: string;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  const dismiss = useCallback(() => setOpen(false), []);
  useDismiss(open, dismiss, wrap, button);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div ref={wrap} className="relative">
      <button
        ref={button}
        type="button"
        aria-label={triggerLabel ?? undefined}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((o) => !o)}
        className={cn(
          "inline-flex items-center gap-1 rounded border border-border px-1.5 py-0.5 text-mini text-muted transition-colors hover:border-accent/50 hover:text-fg",
          open && "border-accent/60 text-fg",
          triggerClassName,
        )}
      >
        {trigger}
      </button>
      {open ? (
        <div
          id={id}
          role="dialog"
          aria-label={label}
          className={cn(
            "absolute top-full z-50 mt-1 rounded-md border border-border bg-panel-raised p-3 shadow-xl shadow-black/40",
            align === "end" ? "right-0" : "left-0",
            panelClassName,
          )}
        >
          {children(close)}
        </div>
      ) : null}
    </div>
  );
}
