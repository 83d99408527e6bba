// GET /api/usage – credits the REST proxy spent and saved (per endpoint, daily budget) and every usage source's figures;
// in fleet mode also the fleet's totals and this instance's share.
// Operator data (upstream calls, breaker state, cache): loopback callers or a bearer METRICS_TOKEN, like /api/metrics.
// Visitors read the safe subset at /api/usage/public.
import { operatorGet } from "@/lib/server/ops/operator-route";
import { usageReport } from "@/lib/server/ops/usage-report";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = operatorGet(async (state) =>
  Response.json(await usageReport(state), { headers: { "cache-control": "no-store" } }),
);
