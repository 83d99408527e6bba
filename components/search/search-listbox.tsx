"use client";

import { useEffect, useRef } from "react";
import { cn } from "@/components/ui";
import type { PaletteOption } from "./palette-options";
import { SearchRow } from "./search-row";

export function optionDomId(listId: string, index: number): string {
  return `${listId}-opt-${index}`;
}

/** The results listbox: the input keeps focus (aria-activedescendant); the active row scrolls into view. */
export function SearchListbox({
  id,
  label,
  options,
  active,
  onHover,
  onPick,
  busy,
}: {
  id: string;
  label: string;
  options: readonly PaletteOption[];
  active: number;
  onHover: (i: number) => void;
  onPick: (o: PaletteOption) => void;
  busy: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (active < 0) return;
    ref.current?.querySelector(`#${CSS.escape(optionDomId(id, active))}`)?.scrollIntoView({ block: "nearest" });
  }, [active, id]);

  return (
    <div ref={ref} id={id} role="listbox" aria-label={label} aria-busy={busy} className="flex flex-col py-1">
      {options.map((o, i) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard selection lives on the combobox input (aria-activedescendant)
        <div
          key={o.id}
          tabIndex={-1}
          id={optionDomId(id, i)}
          role="option"
          aria-selected={i === active}
          data-kind={o.kind}
          onMouseMove={() => i !== active && onHover(i)}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onPick(o)}
          className={cn(
            "mx-1 flex cursor-pointer items-center gap-3 rounded-md px-2.5 py-1.5",
            i === active ? "bg-panel-raised" : "hover:bg-panel-raised/60",
          )}
        >
          <SearchRow option={o} />
        </div>
      ))}
    </div>
  );
}
