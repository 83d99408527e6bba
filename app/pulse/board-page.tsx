import { dehydrate, HydrationBoundary, type QueryClient } from "@tanstack/react-query";
import { headers } from "next/headers";
import { type FirstPaintCounts, firstPaint } from "@/components/pulse/first-paint";
import { launchpadIndex, launchpadOf } from "@/components/pulse/launchpads";
import { PulseBoard } from "@/components/pulse/pulse-board";
import { type PulseViewState, parsePulseView, type RawParams } from "@/components/pulse/view-state";
import { type Envelope, PULSE_VIEWS, type PulseView } from "@/lib/api";
import { factoriesOptions, pulsePageQueries, pulseStreamOptions } from "@/lib/client/queries";
import { makeQueryClient } from "@/lib/client/query-client";
import { isPhone } from "@/lib/server/phone";
import { prefetchQueries } from "@/lib/server/prefetch";

/**
 * The board, prefetched on the server with exactly the queries the browser makes (same keys): the three lists for
 * the URL's chains, the chain list and the launchpad registry (both free). Each list goes to the browser cut to
 * what its column's first paint draws (see firstPaintLists); the browser completes it from the stream's snapshot,
 * or from REST when the snapshot is late (SNAPSHOT_WAIT_MS in usePulseStream).
 */
export async function BoardPage({ searchParams }: { searchParams: RawParams }) {
  const view = parsePulseView(searchParams);
  const phone = isPhone(await headers());
  const qc = makeQueryClient();
  await prefetchQueries(qc, pulsePageQueries(view.chains));
  const counts = firstPaintLists(qc, view, Date.now());
  return (
    <HydrationBoundary state={dehydrate(qc)}>
      <PulseBoard firstPaint={counts} phone={phone} />
    </HydrationBoundary>
  );
}

/**
 * Cuts each prefetched list to the rows its column's first paint draws (a screenful of the cards that pass its
 * filter, not the 100 rows the list keeps) and marks it invalidated: the browser takes the whole list from the
 * stream's snapshot, and fetches it from REST only if the snapshot is late. Returns each column's counts over the
 * whole list, which the header shows meanwhile.
 */
export function firstPaintLists(
  qc: QueryClient,
  view: PulseViewState,
  nowMs: number,
): Partial<Record<PulseView, FirstPaintCounts>> {
  const pads = launchpadIndex(qc.getQueryData(factoriesOptions().queryKey)?.data, view.chains);
  const padSlugOf = (t: Parameters<typeof launchpadOf>[1]) => launchpadOf(pads, t)?.slug ?? null;
  const out: Partial<Record<PulseView, FirstPaintCounts>> = {};
  for (const v of PULSE_VIEWS) {
    const { queryKey } = pulseStreamOptions({ view: v, chains: view.chains });
    const list = qc.getQueryData<Envelope<"pulse">>(queryKey);
    if (!list) continue;
    const first = firstPaint(list.data, view.columns[v], nowMs, padSlugOf);
    out[v] = first.counts;
    if (first.tokens.length === list.data.length) continue;
    const updatedAt = qc.getQueryState(queryKey)?.dataUpdatedAt;
    qc.setQueryData<Envelope<"pulse">>(queryKey, { ...list, data: first.tokens }, { updatedAt });
    void qc.invalidateQueries({ queryKey, exact: true, refetchType: "none" });
  }
  return out;
}
