"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { PulsePageQueries } from "@/lib/client/queries";
import { type LaunchpadIndex, launchpadIndex } from "./launchpads";

/** The launchpad registry (free, cached for an hour) indexed for card labels and the filter's choices. */
export function useLaunchpads(factories: PulsePageQueries["factories"], chains: readonly string[]): LaunchpadIndex {
  const { data } = useQuery(factories);
  const key = chains.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `chains` by value
  return useMemo(() => launchpadIndex(data?.data, chains), [data, key]);
}
