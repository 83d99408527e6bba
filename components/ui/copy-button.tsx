"use client";

import { type MouseEvent, useEffect, useState } from "react";
import { cn } from "./cn";
import { copyText } from "./copy-text";
import { CheckIcon, CopyIcon } from "./icons";

const FEEDBACK_MS = 1500;

/** Copies `value`; shows "Copied" (announced politely) for a moment. Never lets the click reach a row link. */
export function CopyButton({
  value,
  label = "Copy",
  className,
}: {
  value: string;
  label?: string;
  className?: string;
}) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");

  useEffect(() => {
    if (state === "idle") return;
    const t = setTimeout(() => setState("idle"), FEEDBACK_MS);
    return () => clearTimeout(t);
  }, [state]);

  const onClick = async (e: MouseEvent) => {
    e.preventDefault();
    e.stopPropagation();
    setState((await copyText(value)) ? "copied" : "failed");
  };

  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      className={cn(
        "inline-flex shrink-0 items-center gap-1 rounded p-0.5 text-muted transition-colors hover:bg-panel-raised hover:text-fg",
        state === "copied" && "text-up hover:text-up",
        className,
      )}
    >
      {state === "copied" ? <CheckIcon /> : <CopyIcon />}
      <span
        aria-live="polite"
        className={cn(
          "text-micro font-medium leading-none",
          state === "idle" && "sr-only",
          state === "failed" && "text-down",
        )}
      >
        {state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : ""}
      </span>
    </button>
  );
}
