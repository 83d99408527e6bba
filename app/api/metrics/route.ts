// GET /api/metrics – Prometheus text: proxy latency histograms, cache results, credits, usage sources.
// Loopback callers only, or a bearer METRICS_TOKEN (lib/server/metrics-access.ts).
import { errorResponse } from "@/lib/server/proxy/respond";
import { assertMetricsAccess } from "@/lib/server/metrics-access";
import { getProxyState } from "@/lib/server/proxy/state";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function GET(req: Request) {
  try {
    const state = getProxyState();
    assertMetricsAccess(req.headers, state.settings);
    const { registry } = state.metrics;
    return new Response(await registry.metrics(), {
      headers: { "content-type": registry.contentType, "cache-control": "no-store" },
    });
  } catch (error) {
    return errorResponse(error);
  }
}
