// GET /api/metrics – Prometheus text: proxy latency histograms, cache results, credits, usage sources.
import { errorResponse } from "@/lib/server/error-response";
import { getProxyState } from "@/lib/server/proxy-state";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function GET() {
  try {
    const { registry } = getProxyState().metrics;
    return new Response(await registry.metrics(), {
      headers: { "content-type": registry.contentType, "cache-control": "no-store" },
    });
  } catch (error) {
    return errorResponse(error);
  }
}
