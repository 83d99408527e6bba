"use client";

import { useMemo } from "react";
import { stableJson } from "../../query-keys";

/** A value that keeps its identity while its content (normalised, sorted-key JSON) is unchanged. */
export function useStable<T>(value: T): T {
  const id = value === null || value === undefined ? null : stableJson(value);
  // null/undefined in → undefined out; callers test truthiness.
  return useMemo(() => (id === null ? undefined : JSON.parse(id)), [id]) as T;
}
