"use client";

import { type KeyboardEvent, type ReactNode, useRef } from "react";
import { formatCount } from "@/lib/format/number";
import { cn } from "./cn";
import { rovingIndex } from "./roving-focus";

export interface TabItem<V extends string> {
  value: V;
  label: ReactNode;
  /** Shown after the label, e.g. the number of rows behind the tab. */
  count?: number | null;
  disabled?: boolean;
}

export const tabId = (idBase: string, value: string) => `${idBase}-tab-${value}`;
export const panelId = (idBase: string, value: string) => `${idBase}-panel-${value}`;

/** WAI-ARIA tabs: arrow keys, Home and End move and select; pair with <TabPanel idBase value>. */
export function Tabs<V extends string>({
  items,
  value,
  onValueChange,
  idBase,
  label,
  panelIdOf = (v) => panelId(idBase, v),
  className,
}: {
  items: readonly TabItem<V>[];
  value: V;
  onValueChange: (value: V) => void;
  idBase: string;
  label: string;
  /** The id of the element each tab shows, when it is not this tablist's own <TabPanel> (aria-controls). */
  panelIdOf?: (value: V) => string;
  className?: string;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = Math.max(
    0,
    items.findIndex((i) => i.value === value),
  );

  const onKeyDown = (e: KeyboardEvent) => {
    const next = rovingIndex(
      e.key,
      current,
      items.map((i) => !!i.disabled),
    );
    if (next === null) return;
    e.preventDefault();
    onValueChange(items[next].value);
    refs.current[next]?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className={cn("relative flex items-center gap-0.5 overflow-x-auto border-b border-border [scrollbar-width:none]", className)}
    >
      {items.map((item, i) => {
        const selected = i === current;
        return (
          <button
            key={item.value}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={tabId(idBase, item.value)}
            aria-selected={selected}
            aria-controls={panelIdOf(item.value)}
            tabIndex={selected ? 0 : -1}
            disabled={item.disabled}
            onClick={() => onValueChange(item.value)}
            className={cn(
              "-mb-px flex shrink-0 items-center gap-1.5 whitespace-nowrap border-b-2 px-2.5 py-1.5 text-xs font-medium transition-colors disabled:opacity-40 sm:px-3",
              selected ? "border-accent text-fg" : "border-transparent text-muted hover:text-fg",
            )}
          >
            {item.label}
            {item.count !== undefined && item.count !== null ? (
              <span className="num rounded bg-panel-raised px-1 text-micro text-muted">{formatCount(item.count)}</span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}

export function TabPanel({
  idBase,
  value,
  active,
  children,
  className,
}: {
  idBase: string;
  value: string;
  active: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role="tabpanel"
      id={panelId(idBase, value)}
      aria-labelledby={tabId(idBase, value)}
      hidden={!active}
      className={className}
    >
      {active ? children : null}
    </div>
  );
}
