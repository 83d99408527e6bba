import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { Suspense } from "react";
import { CardSkeletons } from "@/components/pulse/column-body";
import { PulseBoard } from "@/components/pulse/pulse-board";
import { parsePulseView, type RawParams } from "@/components/pulse/view-state";
import { PULSE_VIEWS } from "@/lib/api";
import { pulsePageQueries } from "@/lib/client/queries";
import { makeQueryClient } from "@/lib/client/query-client";
import { prefetchQueries } from "@/lib/server/prefetch";

/**
 * The board, prefetched on the server with exactly the queries the browser makes (same keys, no refetch on
 * hydrate): the three lists for the URL's chains, the chain list and the launchpad registry (both free).
 */
export async function BoardPage({ searchParams }: { searchParams: RawParams }) {
  const view = parsePulseView(searchParams);
  const qc = makeQueryClient();
  await prefetchQueries(qc, pulsePageQueries(view.chains));
  return (
    <HydrationBoundary state={dehydrate(qc)}>
      <Suspense fallback={<BoardFallback />}>
        <PulseBoard />
      </Suspense>
    </HydrationBoundary>
  );
}

function BoardFallback() {
  return (
    <div className="grid gap-2 lg:grid-cols-3">
      {PULSE_VIEWS.map((v) => (
        <div key={v} className="rounded-md border border-border bg-panel">
          <CardSkeletons rows={6} />
        </div>
      ))}
    </div>
  );
}
