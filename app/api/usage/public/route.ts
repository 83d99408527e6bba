// GET /api/usage/public – credits this site spent today and in all, its daily budget, and what caching saved.
// Open to everyone: no upstream health, call counts or host details (those stay in /api/usage).
import { errorResponse } from "@/lib/server/proxy/respond";
import { getProxyState } from "@/lib/server/proxy/state";
import { publicUsageReport } from "@/lib/server/ops/usage-report";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET() {
  try {
    return Response.json({ data: publicUsageReport(getProxyState()) }, { headers: { "cache-control": "no-store" } });
  } catch (error) {
    return errorResponse(error);
  }
}
