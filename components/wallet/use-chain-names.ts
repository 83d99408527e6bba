import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { chainInfo } from "@/lib/api/core";
import { chainsOptions } from "@/lib/client/queries";

/** A chain's display name: the service's own (§4.11 meta/chains), else the interface module's, else its id. */
export function useChainNames(): (chain: string) => string {
  const q = useQuery(chainsOptions());
  return useMemo(() => {
    const names = new Map((q.data?.data ?? []).map((c) => [c.chain, c.name]));
    return (chain: string) => names.get(chain) || chainInfo(chain)?.name || chain;
  }, [q.data]);
}
