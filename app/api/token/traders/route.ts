// GET /api/token/traders?chain=&address= – a token's top traders (bought, sold, average-cost PnL, holding, cohort
// tags), computed here from the token's trade tape and holders.
import { handleTradersRequest } from "@/lib/server/traders/handle-traders-request";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET(request: Request) {
  return handleTradersRequest(request);
}
