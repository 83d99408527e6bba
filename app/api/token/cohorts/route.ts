// GET /api/token/cohorts?chain=&address= – holder cohorts of a token (top 10, dev, snipers, bundles, fresh
// wallets) with the trades and funding records behind them, computed here from the market-data endpoints.
import { handleCohortRequest } from "@/lib/server/cohorts/handle-cohort-request";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET(request: Request) {
  return handleCohortRequest(request);
}
