"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import {
  type CSSProperties,
  memo,
  type RefObject,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { Age } from "@/components/ui/age";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { SkeletonRows } from "@/components/ui/skeleton";
import { type ChainId, type TokenTrade, tradeKey } from "@/lib/api/core";
import { useLiveTrades } from "@/lib/client/stream/hooks";
import type { TradeFilters } from "@/lib/client/trade-filters";
import { useHydrated } from "@/lib/client/use-hydrated";
import { formatCount } from "@/lib/format/number";
import { formatDateTimeUtc, isoDateTime } from "@/lib/format/time";
import { pausedView } from "./paused-rows";
import { TapeToolbar } from "./tape-toolbar";
import { ROW_HEIGHT, TAPE_COLUMNS, TradeRow } from "./trade-row";
import { useMakerNames } from "./use-maker-names";
import { tapeFiltersOf, type WashView } from "./view-state";

/** The list redraws at most this often (ms); the store takes every event as it comes. */
export const TAPE_REFRESH_MS = 200;
/** Fetch the next page when the last row drawn is this close to the end. */
const PAGE_AHEAD_ROWS = 15;
/** Rows drawn beyond those on screen, once the tape has measured its scroll box. */
const OVERSCAN_ROWS = 12;
/**
 * Rows the tape draws before it has measured its scroll box (the server's render and the hydration): a tall
 * screen's worth. They go out with the page's HTML, so the tape paints with it and hydration adopts its rows instead
 * of creating them in one long task after the page's scripts ran; the overscan joins once hydrated.
 */
const FIRST_PAINT_ROWS = 24;
/**
 * On a phone the tape starts under the chart, near the bottom of the first screen: a few rows are all a reader sees
 * before scrolling. 24 rows were 60 % of the page's elements and a third of its HTML, all laid out before the first
 * paint and walked by the hydration; the rest are drawn once the page is hydrated (the box measured).
 */
export const PHONE_FIRST_PAINT_ROWS = 6;

export interface TradeTapeProps {
  chain: ChainId;
  address: string;
  pools: string[];
  maker: string | null;
  wash: WashView;
  nativeSymbol: string;
  onMaker(address: string | null): void;
  onWash(w: WashView): void;
  className?: string;
  /** Rows drawn with the HTML, before the scroll box is measured (FIRST_PAINT_ROWS unless told). */
  firstPaintRows?: number;
}

interface Frozen {
  head: TokenTrade | null;
  keys: Set<string>;
}

/**
 * The live tape: REST pages and live rows merged (unique, newest first), virtualized, paused while hovered. Memoised:
 * the token page re-renders on each live token update; the tape redraws on its own rows and props only.
 */
export const TradeTape = memo(function TradeTape(props: TradeTapeProps) {
  const { chain, address, pools, maker, wash } = props;
  const filters = useMemo<TradeFilters>(
    () => tapeFiltersOf(chain, { maker, wash }),
    [chain, maker, wash],
  );
  const live = useLiveTrades({ chain, address, pools, filters, refreshMs: TAPE_REFRESH_MS });
  const liveRows = live.rows;
  const [frozen, setFrozen] = useState<Frozen | null>(null);
  const shown = useMemo(
    () => (frozen ? pausedView(frozen.head, frozen.keys, liveRows) : { rows: liveRows, pending: 0 }),
    [frozen, liveRows],
  );
  const rows = shown.rows;

  const scrollRef = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  const near = useNearScreen(scrollRef, hydrated);
  // Measured once hydrated (measuring in the hydration's commit re-renders the tape synchronously there) and on or
  // near the screen: a phone's tape starts below the first screen, and keeps the rows it was drawn with until the
  // reader scrolls towards it, rather than drawing a box of rows nobody sees during the load.
  const measured = hydrated && near;
  // Stable between list updates: the virtualizer recomputes its measurements when this changes.
  const itemKey = useCallback((i: number) => (rows[i] ? tradeKey(rows[i]) : i), [rows]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => (measured ? scrollRef.current : null),
    estimateSize: () => ROW_HEIGHT,
    getItemKey: itemKey,
    overscan: measured ? OVERSCAN_ROWS : 0,
    // The server has no scroll box: the first screenful is drawn as if the box were that tall.
    initialRect: { width: 640, height: (props.firstPaintRows ?? FIRST_PAINT_ROWS) * ROW_HEIGHT },
  });
  const items = virtualizer.getVirtualItems();
  const totalSize = virtualizer.getTotalSize();
  const lastIndex = items[items.length - 1]?.index ?? 0;

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = live;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && rows.length > 0 && lastIndex >= rows.length - PAGE_AHEAD_ROWS)
      fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, lastIndex, rows.length]);

  const visibleMakers = useMemo(() => {
    const set = new Set<string>();
    for (const it of items) {
      const r = rows[it.index];
      if (r) set.add(r.maker);
    }
    return [...set].sort();
  }, [items, rows]);
  const nameOf = useMakerNames(visibleMakers);

  const { onMaker } = props;
  const toggleMaker = useCallback((a: string) => onMaker(maker === a ? null : a), [onMaker, maker]);

  const pause = () => {
    const head = liveRows[0] ?? null;
    setFrozen({ head, keys: new Set(liveRows.map(tradeKey)) });
  };

  return (
    <section
      aria-label="Trades"
      className={cn("flex min-h-0 flex-col rounded-md border border-border bg-panel", props.className)}
    >
      <TapeToolbar
        chain={chain}
        maker={maker}
        makerName={maker ? (nameOf(maker)?.name ?? null) : null}
        wash={wash}
        paused={frozen !== null}
        pending={shown.pending}
        subscriptionError={live.subscriptionError}
        liveness={live.liveness}
        onMaker={props.onMaker}
        onWash={props.onWash}
      />
      <div
        aria-hidden="true"
        className={cn(TAPE_COLUMNS, "h-6 border-b border-border text-micro uppercase tracking-wide text-muted")}
      >
        <span>Age</span>
        <span>Type</span>
        <span className="text-right">USD</span>
        <span className="hidden text-right sm:block">Amount</span>
        <span className="hidden text-right sm:block">{props.nativeSymbol}</span>
        <span className="hidden text-right sm:block">Price</span>
        <span>Maker</span>
        <span />
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: hovering only holds new rows back; there is nothing to activate */}
      <div
        ref={scrollRef}
        data-testid="trade-tape"
        data-paused={frozen ? "true" : "false"}
        onMouseEnter={pause}
        onMouseLeave={() => setFrozen(null)}
        className="relative min-h-0 flex-1 overflow-y-auto overscroll-contain"
      >
        {live.isLoading ? (
          <div className="p-2">
            <SkeletonRows rows={10} rowClassName="h-5" label="Loading trades" />
          </div>
        ) : live.error ? (
          <ErrorState error={live.error} title="Trades could not load" onRetry={live.retry} compact />
        ) : rows.length === 0 ? (
          <EmptyState compact title={maker || wash !== "all" ? "No trades match this filter" : "No trades yet"}>
            New trades appear here as they happen.
          </EmptyState>
        ) : (
          <ol
            aria-label="Trade tape"
            className="relative w-full"
            style={{ height: totalSize, "--tape-h": `${totalSize}px` } as CSSProperties}
          >
            {items.map((it) => {
              const t = rows[it.index];
              return (
                <TradeRow
                  key={it.key}
                  trade={t}
                  chain={chain}
                  name={nameOf(t.maker)}
                  activeMaker={maker === t.maker}
                  onMaker={toggleMaker}
                  fromBottom={totalSize - it.end}
                />
              );
            })}
          </ol>
        )}
        {isFetchingNextPage ? (
          <p className="py-1 text-center text-mini text-muted">Loading older trades…</p>
        ) : !hasNextPage && !live.isLoading && !live.error && rows.length > 0 ? (
          <TapeEnd
            oldestAt={rows[rows.length - 1]?.at ?? null}
            capped={live.olderBeyondCap ? rows.length : null}
            filtered={maker !== null}
          />
        ) : null}
      </div>
    </section>
  );
});

/** Whether `ref`'s element has come within 200 px of the viewport (once true, it stays true). */
function useNearScreen(ref: RefObject<HTMLElement | null>, enabled: boolean): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!enabled || near || !el) return;
    // Without an observer to ask, the tape is taken to be near (it measures itself as before).
    if (typeof IntersectionObserver === "undefined") return startTransition(() => setNear(true));
    const io = new IntersectionObserver(
      (entries) => {
        if (!entries[entries.length - 1]?.isIntersecting) return;
        io.disconnect();
        startTransition(() => setNear(true));
      },
      { rootMargin: "200px" },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [ref, enabled, near]);
  return near;
}

/**
 * The tape's last row once no older page is fetched: how far back it reaches, and why it stops there — the tape's
 * start, or this tab's page cap (the service has older rows; a maker filter reaches further back).
 */
function TapeEnd({ oldestAt, capped, filtered }: { oldestAt: number | null; capped: number | null; filtered: boolean }) {
  return (
    <p
      className="py-1.5 text-center text-mini text-muted"
      data-testid="tape-end"
      data-end={capped === null ? "start" : "cap"}
      data-oldest-at={oldestAt ?? ""}
    >
      {capped === null ? "No older trades" : `Older trades not loaded: this tab keeps the latest ${formatCount(capped)}`}
      {oldestAt !== null ? (
        <>
          {" · reaches "}
          <time dateTime={isoDateTime(oldestAt)} className="num text-fg">
            {formatDateTimeUtc(oldestAt)}
          </time>{" "}
          (<Age at={oldestAt} suffix=" ago" />)
        </>
      ) : null}
      {capped !== null && !filtered ? " · filter by a maker to go further back" : null}
    </p>
  );
}
