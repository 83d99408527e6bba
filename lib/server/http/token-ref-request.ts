import { ApiError, type ChainId, type EndpointDef, endpoints, validateQuery } from "@/lib/api";
import { clientIpOf } from "@/lib/server/http/client-ip";
import { errorResponse } from "@/lib/server/proxy/respond";
import { getProxyState, type ProxyState } from "@/lib/server/proxy/state";

// The app's own per-token reports (/api/token/*): the per-address rate limit of /api/v1, the token reference validated
// exactly as /v1/token validates it (400 with error.code before anything is spent), then the report's envelope.

export type TokenRef = { chain: ChainId; address: string };

export async function serveTokenReport(
  request: Request,
  state: ProxyState | undefined,
  report: (ref: TokenRef) => Promise<{ envelope: unknown; cache: string }>,
): Promise<Response> {
  try {
    const s = state ?? getProxyState();
    if (s.limiter) {
      const d = await s.limiter.take(clientIpOf(request.headers, s.settings.trustProxy));
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
    const { envelope, cache } = await report({ chain: v.query.chain as ChainId, address: v.query.address as string });
    return Response.json(envelope, { headers: { "cache-control": "no-store", "x-cache": cache } });
  } catch (error) {
    return errorResponse(error);
  }
}
