"use client";

import { useEffect, useRef, useState } from "react";
import { cn } from "@/components/ui/cn";
import type { OhlcvInterval } from "@/lib/api/core";
import { intervalLabel, intervalName, MORE_INTERVALS, PRIMARY_INTERVALS } from "./intervals";

const BTN = "num rounded px-1.5 py-0.5 text-mini font-medium transition-colors";

/** All 17 intervals (§4.5): the common ones as buttons, the rest in a small menu. */
export function IntervalPicker({ value, onChange }: { value: OhlcvInterval; onChange: (i: OhlcvInterval) => void }) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const inMore = MORE_INTERVALS.includes(value);

  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent ? e.key === "Escape" : !box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("pointerdown", close);
      document.removeEventListener("keydown", close);
    };
  }, [open]);

  const choose = (i: OhlcvInterval) => {
    setOpen(false);
    onChange(i);
  };

  return (
    <div ref={box} role="toolbar" aria-label="Candle interval" className="relative flex items-center gap-px">
      {PRIMARY_INTERVALS.map((i) => (
        <button
          key={i}
          type="button"
          aria-pressed={i === value}
          title={intervalName(i)}
          data-interval={i}
          onClick={() => choose(i)}
          className={cn(BTN, i === value ? "bg-panel-raised text-fg" : "text-muted hover:text-fg")}
        >
          {intervalLabel(i)}
        </button>
      ))}
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        title="More intervals"
        onClick={() => setOpen((o) => !o)}
        className={cn(BTN, inMore ? "bg-panel-raised text-fg" : "text-muted hover:text-fg")}
      >
        {inMore ? intervalLabel(value) : "More"} <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <div
          role="menu"
          aria-label="More intervals"
          className="absolute top-full left-0 z-30 mt-1 grid w-44 grid-cols-3 gap-px rounded-md border border-border bg-panel-raised p-1 shadow-xl"
        >
          {MORE_INTERVALS.map((i) => (
            <button
              key={i}
              type="button"
              role="menuitemradio"
              aria-checked={i === value}
              title={intervalName(i)}
              data-interval={i}
              onClick={() => choose(i)}
              className={cn(
                BTN,
                "py-1",
                i === value ? "bg-accent/20 text-fg" : "text-muted hover:bg-panel hover:text-fg",
              )}
            >
              {intervalLabel(i)}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
