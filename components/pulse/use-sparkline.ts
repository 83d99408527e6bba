"use client";

import { useQuery } from "@tanstack/react-query";
import { sparklineOptions } from "@/lib/client/queries";

/** A pool's recent closes (oldest first), fetched only while `visible`; undefined until known. */
export function useSparkline(chain: string, pool: string, visible: boolean): number[] | undefined {
  const q = useQuery({ ...sparklineOptions({ chain, pool }), enabled: visible && pool !== "" });
  return q.data;
}
