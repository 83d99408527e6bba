"use client";

import { createContext, type ReactNode, type RefObject, useContext, useEffect, useState } from "react";

// One IntersectionObserver per column (rooted at its scroll box) tells cards whether they are on screen, so only
// visible cards spend sparkline credits.

type Listener = (visible: boolean) => void;

export interface VisibilityTracker {
  observe(el: Element, listener: Listener): () => void;
  /** Starts observing inside `root` (children subscribe first: their effects run before their parent's). */
  start(root: Element | null): void;
  stop(): void;
}

/** Elements may register before the observer exists; they are observed as soon as it starts. */
export function createVisibilityTracker(
  makeObserver: (cb: IntersectionObserverCallback, root: Element | null) => IntersectionObserver | null = (cb, root) =>
    typeof IntersectionObserver === "undefined" ? null : new IntersectionObserver(cb, { root, rootMargin: "80px 0px" }),
): VisibilityTracker {
  const listeners = new Map<Element, Listener>();
  let io: IntersectionObserver | null = null;
  const onEntries: IntersectionObserverCallback = (entries) => {
    for (const e of entries) listeners.get(e.target)?.(e.isIntersecting);
  };
  return {
    observe(el, listener) {
      listeners.set(el, listener);
      io?.observe(el);
      return () => {
        listeners.delete(el);
        io?.unobserve(el);
      };
    },
    start(root) {
      io?.disconnect();
      io = makeObserver(onEntries, root);
      for (const el of listeners.keys()) io?.observe(el);
    },
    stop() {
      io?.disconnect();
      io = null;
    },
  };
}

const TrackerContext = createContext<VisibilityTracker | null>(null);

export function VisibilityRoot({ rootRef, children }: { rootRef: RefObject<HTMLElement | null>; children: ReactNode }) {
  const [tracker] = useState(() => createVisibilityTracker());
  useEffect(() => {
    tracker.start(rootRef.current);
    return () => tracker.stop();
  }, [tracker, rootRef]);
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
