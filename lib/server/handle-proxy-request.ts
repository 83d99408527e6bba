import { ApiError } from "@/lib/api/errors";
import { validateRequest } from "@/lib/api/validate";
import { clientIpOf } from "./client-ip";
import { asApiError, errorResponse } from "./error-response";
import { getProxyState, type ProxyState } from "./proxy-state";
import { readJsonBody } from "./read-json-body";
import { resolveRoute } from "./resolve-route";

// The whole /api/v1/* handler: rate limit → route → body → validation (zero credits on failure) → proxy.

interface Outcome {
  endpoint: string;
  cache: string;
  code?: string;
}

async function answer(request: Request, segments: unknown, state: ProxyState, out: Outcome): Promise<Response> {
  if (state.limiter) {
    const d = state.limiter.take(clientIpOf(request.headers, state.settings.trustProxy));
    if (!d.ok)
      throw new ApiError("rate_limited", "too many requests from this address; slow down", {
        retryAfterSec: d.retryAfterSec,
      });
  }
  const url = new URL(request.url);
  const route = resolveRoute(request.method, segments, url.pathname);
  if (!route.ok) {
    out.code = route.error.code;
    return errorResponse(route.error, { allow: route.allow });
  }
  const { def } = route;
  out.endpoint = def.id;
  const body = def.method === "POST" ? await readJsonBody(request) : undefined;
  const v = validateRequest(def, url.searchParams, body);
  if (!v.ok) throw v.error;
  const r = await state.proxy.call(def, v.input);
  out.cache = r.headers.degraded ? "degraded" : r.headers.cache;
  return new Response(r.text, {
    status: r.status,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": r.headers.cacheControl,
      "x-cache": r.headers.cache,
      age: String(Math.floor(r.headers.ageMs / 1000)),
    },
  });
}

export async function handleProxyRequest(request: Request, segments: unknown, given?: ProxyState): Promise<Response> {
  const started = performance.now();
  let state: ProxyState;
  try {
    state = given ?? getProxyState();
  } catch (error) {
    // A malformed PROXY_* / MARKET_* setting: say which in the log, answer a plain 500.
    console.error(`proxy configuration error: ${error instanceof Error ? error.message : String(error)}`);
    return errorResponse(new ApiError("internal_error", "the server's market-data proxy is misconfigured"));
  }
  const out: Outcome = { endpoint: "unknown", cache: "none" };
  let res: Response;
  try {
    res = await answer(request, segments, state, out);
  } catch (error) {
    const e = asApiError(error, state.logger);
    out.code = e.code;
    res = errorResponse(e);
  }
  const ms = performance.now() - started;
  state.metrics.request(out.endpoint, request.method, res.status, out.cache, ms / 1000);
  const line = {
    method: request.method,
    endpoint: out.endpoint,
    status: res.status,
    cache: out.cache,
    ms: Math.round(ms * 100) / 100,
    code: out.code,
  };
  if (res.status >= 500) state.logger.warn(line, "api request failed");
  else state.logger.info(line, "api request");
  return res;
}
