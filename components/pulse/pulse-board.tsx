"use client";

import { useCallback, useState } from "react";
import { Age, LiveDot, Tabs } from "@/components/ui";
import { PULSE_VIEWS, type PulseToken, type PulseView } from "@/lib/api/core";
import { pulsePageQueries } from "@/lib/client/queries";
import { useStreamStatus, useWorstDelayMs } from "@/lib/client/stream/hooks";
import { liveStatusView } from "@/components/layout/live-status-model";
import { ChainPicker } from "./chain-picker";
import type { FirstPaintCounts } from "./first-paint";
import { VIEW_TITLES } from "./column-header";
import { launchpadOf as lookupLaunchpad } from "./launchpads";
import { PulseColumn } from "./pulse-column";
import { useBoardView } from "./use-board-view";
import { useLaunchpads } from "./use-launchpads";
import { type ColumnState, withColumn } from "./view-state";

/** The live launchpad board: New, Bonding and Graduated side by side (tabs on phones), all state in the URL. */
export function PulseBoard({
  firstPaint,
  phone = false,
}: {
  firstPaint?: Partial<Record<PulseView, FirstPaintCounts>>;
  /** The request came from a phone: the columns its tabs hide draw their cards after the page is live. */
  phone?: boolean;
} = {}) {
  const [view, update] = useBoardView();
  // The page's list, as the server prefetched it: the columns, the chain picker and the launchpads read its entries.
  const page = pulsePageQueries(view.chains);
  const pads = useLaunchpads(page.factories, view.chains);
  const [counts, setCounts] = useState<Record<PulseView, number | null>>({ new: null, bonding: null, graduated: null });
  const launchpadOf = useCallback((t: PulseToken) => lookupLaunchpad(pads, t), [pads]);
  const onCount = useCallback((v: PulseView, n: number) => setCounts((c) => (c[v] === n ? c : { ...c, [v]: n })), []);
  const onColumn = useCallback((v: PulseView, next: ColumnState) => update((s) => withColumn(s, v, next)), [update]);

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h1 className="text-base font-semibold tracking-tight">Pulse</h1>
        <ChainPicker query={page.chains} value={view.chains} onChange={(chains) => update((s) => ({ ...s, chains }))} />
        <StreamState />
      </div>
      <Tabs
        className="lg:hidden"
        idBase="pulse"
        label="Pulse lists"
        value={view.tab}
        onValueChange={(tab) => update((s) => ({ ...s, tab }))}
        items={PULSE_VIEWS.map((v) => ({ value: v, label: VIEW_TITLES[v], count: counts[v] }))}
      />
      {/* On a phone the column reaches the bottom of the screen (the footer is below it, a scroll away). */}
      <div className="grid h-[calc(100dvh-12rem)] min-h-[26rem] grid-cols-1 gap-2 lg:h-[calc(100dvh-8.75rem)] lg:grid-cols-3">
        {PULSE_VIEWS.map((v) => (
          <PulseColumn
            key={v}
            view={v}
            chains={view.chains}
            state={view.columns[v]}
            launchpadOf={launchpadOf}
            launchpads={pads.choices}
            activeOnPhone={view.tab === v}
            holdHidden={phone}
            onChange={onColumn}
            onCount={onCount}
            firstPaint={firstPaint?.[v]}
          />
        ))}
      </div>
    </div>
  );
}

/** Live / Delayed ~N s (its lists are polled) / reconnecting, and for how long the board has been without updates. */
function StreamState() {
  const { status, since } = useStreamStatus();
  const live = liveStatusView(status, 0, useWorstDelayMs("pulse"));
  return (
    <span className="ml-auto flex items-center gap-2 text-mini text-muted">
      {status !== "live" && status !== "connecting" ? (
        <span title="Lists show the last data received; they catch up from REST when the stream returns">
          Updates paused{since ? " · " : ""}
          {since ? <Age at={since} /> : null}
        </span>
      ) : null}
      <LiveDot state={live.state} label={live.label} title={live.title} />
    </span>
  );
}
