// GET /api/metrics – Prometheus text: proxy latency histograms, cache results, credits, usage sources.
// Loopback callers only, or a bearer METRICS_TOKEN (lib/server/ops/metrics-access.ts).
import { operatorGet } from "@/lib/server/ops/operator-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = operatorGet(async (state) => {
  const { registry } = state.metrics;
  return new Response(await registry.metrics(), {
    headers: { "content-type": registry.contentType, "cache-control": "no-store" },
  });
});
