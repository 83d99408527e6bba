import type { Metadata } from "next";
import { Suspense } from "react";
import { pageMetadata } from "@/app/page-metadata";
import { SkeletonRows } from "@/components/ui";
import { WatchlistView } from "@/components/watchlist/watchlist-view";

export const metadata: Metadata = pageMetadata(
  "Watchlist",
  "Your starred tokens with live prices, 24h change and market cap.",
);

// The list lives in this browser (localStorage), so there is nothing to prefetch on the server.
export default function WatchlistPage() {
  return (
    <section className="flex flex-col gap-3">
      <h1 className="text-lg font-semibold tracking-tight">Watchlist</h1>
      {/* Drawn by the server, so the first paint has the page's words before the list (kept in this browser) loads. */}
      <p className="text-sm text-muted">
        Your starred tokens with live prices, 24 h change and market cap. The list stays in this browser.
      </p>
      <Suspense fallback={<SkeletonRows rows={6} rowClassName="h-9" label="Loading watchlist" />}>
        <WatchlistView />
      </Suspense>
    </section>
  );
}
