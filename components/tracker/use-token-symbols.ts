"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import type { ChainId } from "@/lib/api/core";
import { tokenBatchOptions } from "@/lib/client/queries";
import type { FeedRow } from "@/lib/client/tracker";

/** One batch names at most this many tokens (§4.14 batch, 1 credit per token); names learned are kept, bounded. */
export const SYMBOL_BATCH_MAX = 50;
const LEARNED_MAX = 2_000;

/**
 * EVM wallet rows carry no symbol (§2.2): each unnamed token of the feed is looked up once (newest first, in
 * batches); Solana rows name theirs. A token the service could not name stays shown by its address.
 */
export function useTokenSymbols(rows: readonly FeedRow[]): (chain: string, token: string) => string | undefined {
  const qc = useQueryClient();
  const [learned, setLearned] = useState<ReadonlyMap<string, string>>(() => new Map());
  const asked = useRef(new Set<string>());
  useEffect(() => {
    const batch = new Map<string, { chain: ChainId; address: string }>();
    for (const r of rows) {
      if (batch.size >= SYMBOL_BATCH_MAX) break;
      const k = `${r.chain}|${r.tokenAddress}`;
      if (!("tokenSymbol" in r) && !asked.current.has(k))
        batch.set(k, { chain: r.chain as ChainId, address: r.tokenAddress });
    }
    if (batch.size === 0) return;
    for (const k of batch.keys()) asked.current.add(k);
    if (asked.current.size > LEARNED_MAX) asked.current = new Set([...asked.current].slice(-LEARNED_MAX));
    const items = [...batch.values()];
    qc.fetchQuery({ ...tokenBatchOptions({ items }), staleTime: 10 * 60_000 })
      .then((env) =>
        setLearned((prev) => {
          const m = new Map(prev);
          // Batch slots keep input order (§1.9): slot i names items[i]; an error slot leaves the address shown.
          env.data.forEach((slot, i) => {
            const ref = items[i];
            if (ref && "data" in slot) m.set(`${ref.chain}|${ref.address}`, slot.data.symbol);
          });
          while (m.size > LEARNED_MAX) m.delete(m.keys().next().value as string);
          return m;
        }),
      )
      .catch(() => {
        // Let a later render ask again.
        for (const k of batch.keys()) asked.current.delete(k);
      });
  }, [rows, qc]);
  return useMemo(() => (chain: string, token: string) => learned.get(`${chain}|${token}`) || undefined, [learned]);
}
