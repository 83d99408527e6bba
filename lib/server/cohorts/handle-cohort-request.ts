import { ApiError, type ChainId, type EndpointDef, endpoints, validateQuery } from "@/lib/api";
import { clientIpOf } from "@/lib/server/client-ip";
import { errorResponse } from "@/lib/server/proxy/respond";
import { getProxyState, type ProxyState } from "@/lib/server/proxy/state";
import { type CohortService, getCohortService } from "./cohort-service";

// The /api/token/cohorts handler: the per-address rate limit of /api/v1, the token reference validated exactly as
// /v1/token validates it (400 with error.code before anything is spent), then the shared report.

export async function handleCohortRequest(
  request: Request,
  deps: { service?: CohortService; state?: ProxyState } = {},
): Promise<Response> {
  try {
    const state = deps.state ?? getProxyState();
    if (state.limiter) {
      const d = await state.limiter.take(clientIpOf(request.headers, state.settings.trustProxy));
      if (!d.ok)
        throw new ApiError("rate_limited", "too many requests from this address; slow down", {
          retryAfterSec: d.retryAfterSec,
        });
    }
    const def = endpoints.token as EndpointDef;
    const v = validateQuery(def, new URL(request.url).searchParams);
    if (!v.ok) throw v.error;
    const rule = def.refine?.({ query: v.query, body: undefined });
    if (rule) throw new ApiError("invalid_parameter", rule.message, { param: rule.param });
    const ref = { chain: v.query.chain as ChainId, address: v.query.address as string };
    const { envelope, cache } = await (deps.service ?? getCohortService()).get(ref);
    return Response.json(envelope, { headers: { "cache-control": "no-store", "x-cache": cache } });
  } catch (error) {
    return errorResponse(error);
  }
}
