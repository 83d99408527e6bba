import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Suspense } from "react";
import { pageMetadata } from "@/app/page-metadata";
import { ChartsView } from "@/components/charts/charts-view";
import { decodeLayout } from "@/components/charts/layout-codec";
import { selectPools } from "@/components/token/pools";
import { Skeleton } from "@/components/ui/skeleton";
import { chartsPageQueries, ohlcvInfiniteOptions } from "@/lib/client/queries";
import { makeQueryClient } from "@/lib/client/query-client";
import { prefetchQueries } from "@/lib/server/prefetch";

export const metadata: Metadata = pageMetadata(
  "Charts",
  "Several live candle charts side by side, each with its own token, interval and quote.",
);

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function ChartsPage({ searchParams }: { searchParams: Search }) {
  const sp = await searchParams;
  return (
    <section className="flex min-h-0 flex-1 flex-col gap-2">
      <h1 className="text-lg font-semibold tracking-tight">Charts</h1>
      <Suspense fallback={<Skeleton className="h-[70vh] w-full" />}>
        <ChartsContent sp={sp} />
      </Suspense>
    </section>
  );
}

/** The grid's tokens, pools and first candles, fetched with the browser's options (same keys, no refetch). */
async function ChartsContent({ sp }: { sp: Record<string, string | string[] | undefined> }) {
  const { cells } = decodeLayout(sp);
  const charts = cells.flatMap((c) => (c.kind === "chart" ? [c] : []));
  const qc = makeQueryClient();
  const page = chartsPageQueries(charts.map((c) => ({ chain: c.chain, address: c.address })));
  await prefetchQueries(qc, page);
  const candles = charts.flatMap((c) => {
    const ref = { chain: c.chain, address: c.address };
    const one = chartsPageQueries([ref]);
    const token = one.tokens[0] ? qc.getQueryData(one.tokens[0].queryKey) : undefined;
    const poolList = one.pools[0] ? (qc.getQueryData(one.pools[0].queryKey)?.data ?? []) : [];
    const pools = selectPools(poolList, null, token?.data.pool?.address ?? null);
    if (pools.length === 0) return [];
    return [
      ohlcvInfiniteOptions({ ...ref, pools, interval: c.interval, quote: c.chain === "solana" ? c.quote : "native" }),
    ];
  });
  await prefetchQueries(qc, { candles });
  return (
    <HydrationBoundary state={dehydrate(qc)}>
      <ChartsView />
    </HydrationBoundary>
  );
}
