"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, type RefObject } from "react";
import type { IconPriority } from "@/components/ui";
import type { Factory, PulseToken } from "@/lib/api/core";
import { useHydrated } from "@/lib/client/use-hydrated";
import { INITIAL_ROWS, OVERSCAN } from "./first-paint";
import { CARD_HEIGHT, PulseCard } from "./pulse-card";

const idOf = (t: PulseToken) => `${t.chain}:${t.address}`;
/** Cards at the top of a column whose icons load at once with high priority (above the fold on any screen). */
const PRIORITY_CARDS = 3;
/** Cards whose icons load from the HTML, not once the page's scripts have run: a phone's first screen of a column. */
const EAGER_CARDS = 8;
const iconPriority = (i: number): IconPriority => (i < PRIORITY_CARDS ? true : i < EAGER_CARDS ? "eager" : false);

interface ListProps {
  tokens: readonly PulseToken[];
  /**
   * A virtual list (by the column's limit, not by the cards it has now: the first paint has one screenful, the list
   * that follows it many more, and the cards on screen must not be remounted in between).
   */
  virtual: boolean;
  launchpadOf: (t: PulseToken) => Factory | null;
  scrollRef: RefObject<HTMLDivElement | null>;
}

export const ColumnList = memo(function ColumnList(props: ListProps) {
  if (props.virtual) return <VirtualList {...props} />;
  return (
    <div data-virtual="false">
      {props.tokens.map((t, i) => (
        <PulseCard key={idOf(t)} token={t} launchpad={props.launchpadOf(t)} priority={iconPriority(i)} />
      ))}
    </div>
  );
});

function VirtualList({ tokens, launchpadOf, scrollRef }: ListProps) {
  // The server's render and the hydration draw the first screenful only; the overscan follows once hydrated.
  const hydrated = useHydrated();
  const virtualizer = useVirtualizer({
    count: tokens.length,
    // Measured once hydrated: measuring in the hydration's commit re-renders the list synchronously there.
    getScrollElement: () => (hydrated ? scrollRef.current : null),
    estimateSize: () => CARD_HEIGHT,
    getItemKey: (i) => idOf(tokens[i] as PulseToken),
    overscan: hydrated ? OVERSCAN : 0,
    // The server has no scroll box: render the first screenful so the first paint is not empty.
    initialRect: { width: 480, height: INITIAL_ROWS * CARD_HEIGHT },
  });
  return (
    <div data-virtual="true" className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((item) => {
        const t = tokens[item.index] as PulseToken;
        return (
          <div key={item.key} className="absolute inset-x-0 top-0" style={{ transform: `translateY(${item.start}px)` }}>
            <PulseCard token={t} launchpad={launchpadOf(t)} priority={iconPriority(item.index)} />
          </div>
        );
      })}
    </div>
  );
}
