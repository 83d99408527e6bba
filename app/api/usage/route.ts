// GET /api/usage – credits the REST proxy spent and saved (per endpoint, daily budget) and every usage source's figures.
import { errorResponse } from "@/lib/server/proxy/respond";
import { getProxyState } from "@/lib/server/proxy/state";
import { usageReport } from "@/lib/server/usage-report";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET() {
  try {
    return Response.json(usageReport(getProxyState()), { headers: { "cache-control": "no-store" } });
  } catch (error) {
    return errorResponse(error);
  }
}
