"use client";

import { type ReactNode, useId } from "react";
import { cn } from "./cn";

export interface SegmentOption<V extends string> {
  value: V;
  label: ReactNode;
  title?: string;
  disabled?: boolean;
}

/**
 * A compact single-choice picker (intervals, periods, views) built on native radio inputs, so arrow keys,
 * focus and form semantics come from the browser.
 */
export function SegmentedControl<V extends string>({
  options,
  value,
  onValueChange,
  label,
  size = "sm",
  className,
}: {
  options: readonly SegmentOption<V>[];
  value: V;
  onValueChange: (value: V) => void;
  label: string;
  size?: "xs" | "sm";
  className?: string;
}) {
  const name = useId();
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className={cn("inline-flex items-center gap-px rounded-md border border-border bg-panel p-px", className)}
    >
      {options.map((o) => (
        <label
          key={o.value}
          title={o.title}
          className={cn(
            "num cursor-pointer rounded font-medium text-muted transition-colors hover:text-fg",
            "has-checked:bg-panel-raised has-checked:text-fg has-disabled:cursor-not-allowed has-disabled:opacity-40",
            "has-focus-visible:outline-2 has-focus-visible:outline-accent",
            size === "xs" ? "px-1.5 py-0.5 text-mini" : "px-2 py-1 text-xs",
          )}
        >
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={o.value === value}
            disabled={o.disabled}
            onChange={() => onValueChange(o.value)}
            className="sr-only"
          />
          {o.label}
        </label>
      ))}
    </div>
  );
}
