import type { Metadata } from "next";
import { pageMetadata } from "@/app/page-metadata";
import { creditRoutes } from "@/components/credits/credit-rows";
import { CreditsView } from "@/components/credits/credits-view";
import { ENDPOINT_LIST } from "@/lib/api";

export const metadata: Metadata = pageMetadata(
  "Credits",
  "Market-data credits this site spent, what caching saved, today's budget and the cost of each route.",
);

// Figures change with every call anyone makes: read live in the browser (GET /api/usage/public), nothing prefetched.
export default function CreditsPage() {
  return (
    <section className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline gap-x-3">
        <h1 className="text-lg font-semibold tracking-tight">Credits</h1>
        <p className="text-xs text-muted">
          Market-data credits this site spends on your behalf; cached and shared calls cost nothing. Updates live.
        </p>
      </div>
      <CreditsView routes={creditRoutes(ENDPOINT_LIST)} />
    </section>
  );
}
