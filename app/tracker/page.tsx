import type { Metadata } from "next";
import { Suspense } from "react";
import { pageMetadata } from "@/app/page-metadata";
import { TrackerView } from "@/components/tracker/tracker-view";
import { SkeletonRows } from "@/components/ui";

export const metadata: Metadata = pageMetadata(
  "Wallet tracker",
  "Follow up to 100 wallets on any chain and see their trades in one feed, with alerts when they buy.",
);

// The followed wallets live in this browser (localStorage), so there is nothing to prefetch on the server: the
// shell renders here, the list and its feed in the browser.
export default function TrackerPage() {
  return (
    <section className="flex flex-col gap-3">
      <h1 className="text-lg font-semibold tracking-tight">Wallet tracker</h1>
      <Suspense fallback={<SkeletonRows rows={8} rowClassName="h-8" label="Loading tracker" />}>
        <TrackerView />
      </Suspense>
    </section>
  );
}
