"use client";

import { useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import type { ChainId } from "@/lib/api/core";
import { replaceSearch } from "@/lib/client/replace-search";
import { parseViewState, type TokenViewState, viewSearchParams } from "./view-state";

/** The page's view from the URL, and a setter that rewrites the URL in place (no navigation, no scroll). */
export function useTokenView(chain: ChainId): [TokenViewState, (patch: Partial<TokenViewState>) => void] {
  const params = useSearchParams();
  const view = useMemo(() => parseViewState(chain, params), [chain, params]);
  const update = useCallback(
    (patch: Partial<TokenViewState>) => {
      const current = new URLSearchParams(window.location.search);
      replaceSearch(viewSearchParams({ ...parseViewState(chain, current), ...patch }, current));
    },
    [chain],
  );
  return [view, update];
}
