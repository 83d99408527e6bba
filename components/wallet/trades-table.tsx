"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useCallback, useEffect, useMemo, useState } from "react";
import { tokenHref } from "@/components/search/search-target";
import { Age } from "@/components/ui/age";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { ExternalLink } from "@/components/ui/external-link";
import { Num, Usd } from "@/components/ui/num";
import { Price } from "@/components/ui/price";
import { SafeText } from "@/components/ui/safe-text";
import { SkeletonRows } from "@/components/ui/skeleton";
import { type HeadColumn, TableHead } from "@/components/ui/table-head";
import { WatchStar } from "@/components/watchlist/watch-star";
import { type ChainId, chainInfo, explorerTxUrl } from "@/lib/api/core";
import { tokenBatchOptions, type WalletPageQueries } from "@/lib/client/queries";
import { WALLET_TRADES_MAX_LIMIT } from "@/lib/client/queries/wallet-trades-input";
import { shortAddress } from "@/lib/format";
import { missingSymbols } from "./missing-symbols";
import { walletRowKeys } from "./trade-keys";
import { WalletPanel } from "./wallet-panel";

const COLUMNS: HeadColumn[] = [
  { name: "Age", className: "px-2 py-1.5 text-left" },
  { name: "Token", className: "px-2 text-left" },
  { name: "Amount", className: "px-2" },
  { name: "Price", className: "px-2" },
  { name: "USD", className: "px-2" },
  { name: "Transaction", hidden: true, className: "px-2" },
];

/**
 * Newest first; EVM pages with beforeAt = meta.oldestAt (§4.2) as the list scrolls. Solana has no cursor (§4.2): one
 * page of the largest size, and the table says so when it is full.
 */
export function TradesTable({ chain, wallet, page }: { chain: ChainId; wallet: string; page: WalletPageQueries }) {
  const q = useInfiniteQuery(page.trades);
  // EVM rows carry no symbol: take it from the positions already loaded for this chain, then look up the rest.
  const positions = useQuery(page.positions);
  // Symbols looked up so far (bounded by the rows loaded), so later pages only ask for tokens not seen yet.
  const [learned, setLearned] = useState<ReadonlyMap<string, string>>(() => new Map());
  const known = useMemo(() => {
    const m = new Map(learned);
    for (const p of positions.data?.data ?? []) m.set(p.address, p.symbol);
    return m;
  }, [positions.data, learned]);
  const rows = useMemo(() => walletRowKeys((q.data?.pages ?? []).map((p) => p.data)), [q.data]);
  const lookup = useMemo(
    () =>
      positions.isPending
        ? []
        : missingSymbols(
            chain,
            rows.map((r) => r.row),
            known,
          ),
    [chain, rows, known, positions.isPending],
  );
  const looked = useQuery({
    ...tokenBatchOptions({ items: lookup.map((address) => ({ chain, address })) }),
    enabled: lookup.length > 0,
    staleTime: 10 * 60_000,
    // Batch slots keep input order (§7.4): slot i answers lookup[i]; an error slot leaves that address shown.
    select: (env) => env.data.map((slot, i) => [lookup[i], "data" in slot ? slot.data.symbol : null] as const),
  });
  useEffect(() => {
    const pairs = looked.data;
    if (!pairs?.length) return;
    setLearned((prev) => {
      const m = new Map(prev);
      // "" marks a token the service could not name: shown by address, never asked for again.
      for (const [address, symbol] of pairs) if (address) m.set(address, symbol ?? "");
      return m.size === prev.size ? prev : m;
    });
  }, [looked.data]);
  const symbols = known;
  // The observer follows the sentinel element itself (a ref callback with a cleanup), so a sentinel that mounts after
  // the last page state changed (the table replacing a skeleton or an error) is still watched. Not the element kept
  // as state: a state update from a ref re-rendered the whole table synchronously in the hydration's commit.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = q;
  const sentinelRef = useCallback(
    (sentinel: HTMLDivElement | null) => {
      if (!sentinel || !hasNextPage) return;
      const io = new IntersectionObserver(
        // One call can carry several entries for the sentinel (the first observation and a scroll in the same
        // frame): the last one is where it is now.
        (entries) => {
          if (entries[entries.length - 1]?.isIntersecting && !isFetchingNextPage) void fetchNextPage();
        },
        { rootMargin: "200px" },
      );
      io.observe(sentinel);
      return () => io.disconnect();
    },
    [hasNextPage, isFetchingNextPage, fetchNextPage],
  );
  const native = chainInfo(chain)?.nativeSymbol ?? "";

  return (
    <WalletPanel
      title="Trades"
      testId="wallet-trades"
      controls={
        <span className="text-mini text-muted" data-testid="trade-count">
          {rows.length} loaded
          {hasNextPage
            ? ""
            : q.isSuccess
              ? chain === "solana" && rows.length >= WALLET_TRADES_MAX_LIMIT
                ? " · latest only (Solana history is one page)"
                : " · all"
              : ""}
        </span>
      }
    >
      {q.isPending ? (
        <SkeletonRows rows={10} label="Loading trades" />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => q.refetch()} compact />
      ) : rows.length === 0 ? (
        <EmptyState compact title={`No trades on ${chainInfo(chain)?.name ?? chain}`} />
      ) : (
        <div className="relative max-h-[70vh] overflow-y-auto">
          <table className="num w-full whitespace-nowrap text-right text-xs">
            <TableHead columns={COLUMNS} className="sticky top-0 bg-panel" />
            <tbody>
              {rows.map(({ row: t, key }) => {
                const symbol = ("tokenSymbol" in t ? t.tokenSymbol : symbols.get(t.tokenAddress)) || null;
                const tx = explorerTxUrl(t.chain, t.txHash);
                return (
                  <tr
                    key={key}
                    data-testid="wallet-trade-row"
                    data-key={key}
                    data-at={t.at}
                    className="border-t border-border/60 hover:bg-panel-raised"
                  >
                    <td className="px-2 py-1 text-left text-muted">
                      <Age at={t.at} />
                    </td>
                    <td className="px-2 text-left">
                      <span className="flex items-center gap-0.5">
                        <WatchStar chain={t.chain} address={t.tokenAddress} symbol={symbol} />
                        <Link
                          href={`${tokenHref(t.chain, t.tokenAddress)}?maker=${encodeURIComponent(wallet)}`}
                          prefetch={false}
                          className="flex items-center gap-1.5 hover:text-accent"
                          data-testid="trade-token-link"
                        >
                          <span className={t.isBuy ? "font-semibold text-up" : "font-semibold text-down"}>
                            {t.isBuy ? "Buy" : "Sell"}
                          </span>
                          {symbol ? (
                            <SafeText value={symbol} max={10} />
                          ) : (
                            <span className="font-mono text-muted">{shortAddress(t.tokenAddress, 4, 4)}</span>
                          )}
                        </Link>
                      </span>
                    </td>
                    <td className="px-2">
                      <Num value={t.amountToken} />
                    </td>
                    <td className="px-2">
                      {"priceUsd" in t ? (
                        <Price value={t.priceUsd} />
                      ) : (
                        <Price value={t.priceNative} quote={{ symbol: native }} />
                      )}
                    </td>
                    <td className={t.isBuy ? "px-2 text-up" : "px-2 text-down"}>
                      <Usd value={t.volumeUsd} />
                    </td>
                    <td className="px-2">
                      {tx ? (
                        <ExternalLink href={tx} className="text-mini">
                          tx
                        </ExternalLink>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <div ref={sentinelRef} className="flex h-8 items-center justify-center text-mini text-muted">
            {isFetchingNextPage ? (
              "Loading older trades…"
            ) : hasNextPage ? (
              <button type="button" className="text-accent hover:underline" onClick={() => fetchNextPage()}>
                Load older trades
              </button>
            ) : chain === "solana" ? (
              "Latest page (Solana history is one page)"
            ) : (
              "End of history"
            )}
          </div>
        </div>
      )}
    </WalletPanel>
  );
}
