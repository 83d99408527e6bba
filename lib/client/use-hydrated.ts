"use client";

import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False in the server's render and while hydrating what it sent; true from the render after (and at once for a
 * component first mounted on the client). For work the first paint can do without, such as a list's overscan.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
