"use client";

import { type FocusEvent, type PointerEvent, useRef, useState } from "react";
import type { PulseToken } from "@/lib/api/core";
import { type PausedView, pausedView } from "./pause";

export interface Pause extends PausedView {
  paused: boolean;
  handlers: {
    onPointerEnter(e: PointerEvent): void;
    onPointerLeave(e: PointerEvent): void;
    onFocus(e: FocusEvent): void;
    onBlur(e: FocusEvent): void;
  };
}

/**
 * A card replaced under a resting pointer (an icon falling back to its avatar, a sparkline arriving) can make the
 * browser report a leave the pointer never made; a leave whose point is still inside the box is not one.
 */
function stillInside(e: PointerEvent): boolean {
  const r = (e.currentTarget as Element).getBoundingClientRect();
  return e.clientX > r.left && e.clientX < r.right && e.clientY > r.top && e.clientY < r.bottom;
}

/**
 * Hovering (or tabbing into) a column freezes what it shows so a card does not move under the cursor; the live list
 * keeps updating underneath and lands the moment the pointer or focus leaves.
 */
export function usePause(live: readonly PulseToken[]): Pause {
  const [frozen, setFrozen] = useState<readonly PulseToken[] | null>(null);
  const liveRef = useRef(live);
  liveRef.current = live;
  const hover = useRef(false);
  const focus = useRef(false);
  const sync = () => {
    const on = hover.current || focus.current;
    setFrozen((f) => (on ? (f ?? liveRef.current) : null));
  };
  const view = pausedView(frozen, live);
  return {
    ...view,
    paused: frozen !== null,
    handlers: {
      onPointerEnter(e) {
        if (e.pointerType !== "mouse") return;
        hover.current = true;
        sync();
      },
      onPointerLeave(e) {
        if (e.pointerType !== "mouse" || stillInside(e)) return;
        hover.current = false;
        sync();
      },
      onFocus() {
        focus.current = true;
        sync();
      },
      onBlur(e) {
        if (e.currentTarget.contains(e.relatedTarget as Node | null)) return;
        focus.current = false;
        sync();
      },
    },
  };
}
