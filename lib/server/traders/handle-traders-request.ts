import type { ProxyState } from "@/lib/server/proxy/state";
import { serveTokenReport } from "@/lib/server/http/token-ref-request";
import { getTradersService, type TradersService } from "./traders-service";

// The /api/token/traders handler: the shared report for a validated token reference.

export function handleTradersRequest(
  request: Request,
  deps: { service?: TradersService; state?: ProxyState } = {},
): Promise<Response> {
  return serveTokenReport(request, deps.state, (ref) => (deps.service ?? getTradersService()).get(ref));
}
