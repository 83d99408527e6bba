"use client";

import { createContext, type ReactNode, type RefObject, useContext, useEffect, useState } from "react";

// One IntersectionObserver per column (rooted at its scroll box) tells cards whether they are on screen, so only
// visible cards spend sparkline credits.

type Listener = (visible: boolean) => void;

export interface VisibilityTracker {
  observe(el: Element, listener: Listener): () => void;
  disconnect(): void;
}

const TrackerContext = createContext<VisibilityTracker | null>(null);

function createTracker(root: Element | null): VisibilityTracker | null {
  if (typeof IntersectionObserver === "undefined") return null;
  const listeners = new Map<Element, Listener>();
  const io = new IntersectionObserver(
    (entries) => {
      for (const e of entries) listeners.get(e.target)?.(e.isIntersecting);
    },
    { root, rootMargin: "80px 0px" },
  );
  return {
    observe(el, listener) {
      listeners.set(el, listener);
      io.observe(el);
      return () => {
        listeners.delete(el);
        io.unobserve(el);
      };
    },
    disconnect() {
      listeners.clear();
      io.disconnect();
    },
  };
}

export function VisibilityRoot({ rootRef, children }: { rootRef: RefObject<HTMLElement | null>; children: ReactNode }) {
  const [tracker, setTracker] = useState<VisibilityTracker | null>(null);
  useEffect(() => {
    const t = createTracker(rootRef.current);
    setTracker(t);
    return () => t?.disconnect();
  }, [rootRef]);
  return <TrackerContext.Provider value={tracker}>{children}</TrackerContext.Provider>;
}

/** Whether the element is within (or just outside) its column's visible area; false until known. */
export function useVisible(ref: RefObject<Element | null>): boolean {
  const tracker = useContext(TrackerContext);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!tracker || !el) return;
    return tracker.observe(el, setVisible);
  }, [tracker, ref]);
  return visible;
}
