"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { cn } from "@/components/ui";
import { whenIdle } from "@/components/ui/when-idle";
import type { ChainId, Factory, PulseToken, PulseView } from "@/lib/api/core";
import { describeSubError, usePulseStream } from "@/lib/client/stream/hooks";
import { useServerOffset } from "@/lib/client/use-server-offset";
import { PULSE_CAP } from "@/lib/client/stream/reducers/pulse";
import { Banner, CardSkeletons, ColumnEmpty, ColumnError, RefreshErrorBanner, StaleBanner } from "./column-body";
import { ColumnHeader, VIEW_TITLES } from "./column-header";
import { ColumnList } from "./column-list";
import { activeFilterCount, EMPTY_FILTER } from "./filter-params";
import { filterUsesClock, visibleTokens } from "./filters";
import { type FirstPaintCounts, isVirtual } from "./first-paint";
import { useClockIf } from "./use-clock";
import { usePause } from "./use-pause";
import type { ColumnState } from "./view-state";
import { VisibilityRoot } from "./visibility";

/** A column redraws at most this often; every delta is still applied to the live list underneath. */
export const COLUMN_REFRESH_MS = 250;

export interface PulseColumnProps {
  view: PulseView;
  chains: ChainId[];
  state: ColumnState;
  launchpadOf: (t: PulseToken) => Factory | null;
  launchpads: readonly Factory[];
  /** Phones show one column at a time (tabs); desktop shows all three. */
  activeOnPhone: boolean;
  /**
   * On a phone, a column its tab hides renders placeholders until its tab is first chosen: the first load builds and
   * hydrates the one column on screen, not three, and builds no others while the page is still loading. (On a screen
   * wide enough for all three columns, as a tablet with a phone's user agent has, they are built once it is idle.)
   */
  holdHidden?: boolean;
  onChange: (view: PulseView, next: ColumnState) => void;
  onCount: (view: PulseView, count: number) => void;
  /**
   * The column's counts over the whole list, from the server, which sent only the first screenful of rows: shown
   * until the whole list arrives (stream snapshot or REST), so the header does not count the partial list.
   */
  firstPaint?: FirstPaintCounts;
}

/** One launchpad list: REST first paint, then live from the pulse channel; filtered, capped, pausable. */
export function PulseColumn({
  view,
  chains,
  state,
  launchpadOf,
  launchpads,
  activeOnPhone,
  holdHidden = false,
  onChange,
  onCount,
  firstPaint,
}: PulseColumnProps) {
  const [held, setHeld] = useState(holdHidden && !activeOnPhone);
  // First shown by its tab: built from then on (switching back keeps its scroll and cards).
  if (held && activeOnPhone) setHeld(false);
  useEffect(() => (held ? revealWhenWide(() => setHeld(false)) : undefined), [held]);
  const stream = usePulseStream({ view, chains, limit: PULSE_CAP, refreshMs: COLUMN_REFRESH_MS });
  const liveAsOf = stream.liveAsOf;
  const usesClock = filterUsesClock(state.filter);
  // Ages are measured on the market's clock (lib/client/server-clock); whole seconds so the list is not re-filtered every frame.
  const offset = useServerOffset();
  const clock = useClockIf(usesClock);
  const now = usesClock ? clock + offset : 0;
  const tokens = stream.tokens;
  const live = useMemo(
    () => visibleTokens(tokens, state.filter, state.limit, now, (t) => launchpadOf(t)?.slug ?? null),
    [tokens, state.filter, state.limit, now, launchpadOf],
  );
  const pause = usePause(live);
  const scrollRef = useRef<HTMLDivElement>(null);

  // The list the page came with: the server's first screenful while it is shorter than the list it was cut from.
  const initial = useRef(stream.restData).current;
  const data = stream.restData;
  const partial =
    firstPaint !== undefined &&
    data !== undefined &&
    data === initial &&
    data.data.length < firstPaint.tracked &&
    !(liveAsOf !== null && liveAsOf > data.meta.asOf);
  const count = partial ? firstPaint.count : live.length;
  const tracked = partial ? firstPaint.tracked : stream.tokens.length;

  useEffect(() => onCount(view, count), [onCount, view, count]);

  const meta = data?.meta;
  // The REST list was served stale; a newer live snapshot supersedes it.
  const stale = meta?.degraded && !(liveAsOf !== null && liveAsOf > meta.asOf);
  const staleAge = meta ? (meta.staleAgeMs ?? Math.max(0, Date.now() - meta.asOf)) : 0;
  const filtered = activeFilterCount(state.filter) > 0;
  const retry = stream.retry;

  let body: React.ReactNode;
  if (held && !activeOnPhone) body = <CardSkeletons rows={4} />;
  else if (stream.tokens.length === 0 && stream.error) body = <ColumnError error={stream.error} onRetry={retry} />;
  else if (stream.tokens.length === 0 && stream.isLoading) body = <CardSkeletons />;
  else if (pause.tokens.length === 0)
    body = <ColumnEmpty filtered={filtered} onReset={() => onChange(view, { ...state, filter: EMPTY_FILTER })} />;
  else
    body = (
      <ColumnList
        tokens={pause.tokens}
        virtual={isVirtual(state.limit)}
        launchpadOf={launchpadOf}
        scrollRef={scrollRef}
      />
    );

  return (
    <section
      id={`pulse-panel-${view}`}
      aria-label={`${VIEW_TITLES[view]} tokens`}
      data-view={view}
      className={cn(
        "min-h-0 flex-col overflow-hidden rounded-md border border-border bg-panel lg:flex",
        activeOnPhone ? "flex" : "hidden",
      )}
    >
      <ColumnHeader
        view={view}
        count={count}
        tracked={tracked}
        paused={pause.paused}
        pending={pause.pending}
        state={state}
        launchpads={launchpads}
        onChange={(next) => onChange(view, next)}
      />
      {stale ? <StaleBanner ageMs={staleAge} /> : null}
      {stream.error && stream.tokens.length > 0 ? <RefreshErrorBanner error={stream.error} onRetry={retry} /> : null}
      {stream.subscriptionError ? (
        <Banner tone="warn">
          <span role="status">Not live: {describeSubError(stream.subscriptionError).detail}</span>
        </Banner>
      ) : null}
      <div
        ref={scrollRef}
        className="relative min-h-0 flex-1 overflow-y-auto overscroll-contain [scrollbar-width:thin]"
        data-paused={pause.paused ? "true" : "false"}
        {...pause.handlers}
      >
        <VisibilityRoot rootRef={scrollRef}>{body}</VisibilityRoot>
      </div>
    </section>
  );
}

/** The width from which the board shows its three columns side by side (Tailwind's `lg`). */
const WIDE = "(min-width: 64rem)";

/** Runs `reveal` once idle if the screen shows every column, or once it grows to (a tablet turned, a window widened). */
function revealWhenWide(reveal: () => void): () => void {
  const mq = window.matchMedia(WIDE);
  if (mq.matches) return whenIdle(reveal);
  let cancel = () => {};
  const onChange = () => {
    if (!mq.matches) return;
    mq.removeEventListener("change", onChange);
    cancel = whenIdle(reveal);
  };
  mq.addEventListener("change", onChange);
  return () => {
    mq.removeEventListener("change", onChange);
    cancel();
  };
}
