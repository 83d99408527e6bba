import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { connection } from "next/server";
import { pageMetadata } from "@/app/page-metadata";
import { creditRoutes } from "@/components/credits/credit-rows";
import { CreditsView } from "@/components/credits/credits-view";
import { ENDPOINT_LIST } from "@/lib/api";
import { publicUsageOptions } from "@/lib/client/queries/usage";
import { makeQueryClient } from "@/lib/client/query-client";
import { publicUsageReport } from "@/lib/server/ops/usage-report";
import { getProxyState } from "@/lib/server/proxy/state";

export const metadata: Metadata = pageMetadata(
  "Credits",
  "Market-data credits this site spent, what caching saved, today's budget and the cost of each route.",
);

/**
 * The figures as this request finds them, for the first HTML: this server's own ledger (no market-data call, no
 * credit), so the page paints its tiles and table at once instead of a placeholder the table then pushes down. They
 * change with every call anyone makes: the browser reads them again every USAGE_REFETCH_MS.
 */
function usageNow() {
  const qc = makeQueryClient();
  try {
    qc.setQueryData(publicUsageOptions().queryKey, publicUsageReport(getProxyState()));
  } catch {
    // the ledger could not be read here: the browser asks GET /api/usage/public, as it does on every refresh
  }
  return dehydrate(qc);
}

export default async function CreditsPage() {
  await connection(); // this request's figures, never the build's
  return (
    <HydrationBoundary state={usageNow()}>
      <section className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline gap-x-3">
          <h1 className="text-lg font-semibold tracking-tight">Credits</h1>
          <p className="text-xs text-muted">
            Market-data credits this site spends on your behalf; cached and shared calls cost nothing. Updates live.
          </p>
        </div>
        <CreditsView routes={creditRoutes(ENDPOINT_LIST)} />
      </section>
    </HydrationBoundary>
  );
}
