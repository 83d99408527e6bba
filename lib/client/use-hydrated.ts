"use client";

import { startTransition, useEffect, useState } from "react";

/** Set once a component using the hook has mounted in this browser: what mounts after is not being hydrated. */
let mountedOnce = false;

/**
 * False in the server's render and while hydrating what it sent; true from a render after (and at once for a
 * component first mounted on the client once the page has hydrated). For work the first paint can do without, such
 * as a list's overscan.
 *
 * The switch is a transition: React renders it in slices between other work, where a store-driven switch
 * (`useSyncExternalStore` with a different server snapshot) is rendered synchronously inside the hydration's own
 * commit, one long task with everything the switch adds (a list's overscan rows).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(mountedOnce);
  useEffect(() => {
    mountedOnce = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
