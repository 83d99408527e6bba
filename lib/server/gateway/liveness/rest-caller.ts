import { type EndpointDef, type EndpointId, endpoints } from "@/lib/api/endpoints";
import { toSearchParams, validateRequest } from "@/lib/api/validate";
import type { CallOptions, RestProxy } from "@/lib/server/proxy/cache-and-coalesce";

// Pollers read REST through the proxy: the same validation, cache, coalescing and credits ledger as /api/v1.

export interface RestCallOptions extends CallOptions {
  /** Told the credits a call cost when it went upstream (a cached or coalesced answer costs nothing). */
  onCharge?(credits: number): void;
}

export type RestCaller = (id: EndpointId, request: { query?: Record<string, unknown>; body?: unknown }, o?: RestCallOptions) => Promise<unknown>;

export function createRestCaller(proxy: () => RestProxy): RestCaller {
  return async (id, request, o) => {
    const def = endpoints[id] as EndpointDef;
    const v = validateRequest(def, toSearchParams(request.query ?? {}), def.method === "POST" ? (request.body ?? {}) : undefined);
    if (!v.ok) throw v.error;
    const r = await proxy().call(def, v.input, o);
    if (r.headers.cache === "miss") o?.onCharge?.(def.credits(v.input));
    return r.body;
  };
}
