"use client";

import { cn } from "@/components/ui";
import type { Factory, PulseView } from "@/lib/api/core";
import { formatCount } from "@/lib/format";
import { FilterIcon, PauseIcon } from "./card-icons";
import { FilterForm } from "./filter-form";
import { activeFilterCount } from "./filter-params";
import { Popover } from "./popover";
import type { ColumnState } from "./view-state";

export const VIEW_TITLES: Record<PulseView, string> = { new: "New", bonding: "Bonding", graduated: "Graduated" };
const VIEW_HINTS: Record<PulseView, string> = {
  new: "Created in the last 24 hours, newest first",
  bonding: "Active bonding curves, closest to graduating first",
  graduated: "Migrated to a DEX within 7 days, latest first",
};

export function ColumnHeader({
  view,
  count,
  tracked,
  paused,
  pending,
  state,
  launchpads,
  onChange,
}: {
  view: PulseView;
  count: number;
  tracked: number;
  paused: boolean;
  pending: number;
  state: ColumnState;
  launchpads: readonly Factory[];
  onChange: (next: ColumnState) => void;
}) {
  const active = activeFilterCount(state.filter);
  return (
    <header className="flex h-9 shrink-0 items-center gap-2 border-b border-border px-2.5">
      <h2 className="text-[13px] font-semibold" title={VIEW_HINTS[view]}>
        {VIEW_TITLES[view]}
      </h2>
      <span
        className="num rounded bg-panel-raised px-1.5 text-mini leading-5 text-muted"
        title={`${count} shown of ${tracked} tracked`}
        data-count={count}
      >
        {formatCount(count)}
      </span>
      {paused ? (
        <span
          role="status"
          className="inline-flex items-center gap-1 rounded border border-amber-400/40 bg-amber-400/10 px-1.5 text-mini leading-5 text-amber-300"
          title="Updates are held while the pointer is over the list; they apply when it leaves"
        >
          <PauseIcon />
          Paused{pending > 0 ? ` · ${formatCount(pending)} new` : ""}
        </span>
      ) : null}
      <div className="ml-auto">
        <Popover
          label={`Filter ${VIEW_TITLES[view]}`}
          triggerClassName={cn(active > 0 && "border-accent/50 text-accent")}
          trigger={
            <>
              <FilterIcon />
              <span>Filter</span>
              {active > 0 ? <span className="num rounded bg-accent/20 px-1 text-micro">{active}</span> : null}
            </>
          }
        >
          {(close) => (
            <FilterForm
              filter={state.filter}
              limit={state.limit}
              launchpads={launchpads}
              onApply={(next) => {
                onChange(next);
                close();
              }}
            />
          )}
        </Popover>
      </div>
    </header>
  );
}
