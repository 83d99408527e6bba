import type { ProxyState } from "@/lib/server/proxy/state";
import { serveTokenReport } from "@/lib/server/http/token-ref-request";
import { type CohortService, getCohortService } from "./cohort-service";

// The /api/token/cohorts handler: the shared report for a validated token reference.

export function handleCohortRequest(
  request: Request,
  deps: { service?: CohortService; state?: ProxyState } = {},
): Promise<Response> {
  return serveTokenReport(request, deps.state, (ref) => (deps.service ?? getCohortService()).get(ref));
}
