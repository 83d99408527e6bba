"use client";

import { startTransition, useEffect, useState } from "react";

/**
 * False in the server's render, while hydrating what it sent and in a component's first render on the client; true
 * from a render after, which React does as a transition (interruptible, in its own task). For work the first paint can
 * do without, such as a list's overscan.
 *
 * Not an external store whose server snapshot differs: React re-renders such a component synchronously right after
 * hydration, and that forces every passive effect of the page to run in the same task as the hydration's commit.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}
