import { ApiError } from "@/lib/api/errors";
import { MIN_AS_OF_HEADER, parseMinAsOf } from "@/lib/api/min-as-of";
import { clientIpOf } from "../http/client-ip";
import type { RateDecision } from "../http/rate-limit";
import { resolveRoute } from "./resolve-route";
import { errorReply, loggedApiError } from "./respond";
import type { ProxyState } from "./state";
import { validateProxyRequest } from "./validate";

// The whole /api/v1/* request, free of web Request/Response objects (the route wraps it; the benchmark mounts it
// on node:http), step by step: rate limit → resolve-route → validate (body + query, zero credits on failure) →
// cache-and-coalesce (a request's `x-min-as-of` header: no cached copy answering as of an earlier moment) →
// upstream-client → respond; one log line, metrics. Its two doors share its name: proxyWebRequest (web-request.ts, the
// route handler) and proxyNodeRequest (fast-lane.ts, what server.ts runs before Next).

export interface ProxyRequest {
  method: string;
  /** Absolute URL or path with query, as received. */
  url: string;
  headers: { get(name: string): string | null };
  /** The catch-all route's segments (after /api/v1/), as the framework decoded them. */
  segments: unknown;
  /** Reads and parses the JSON body (throws ApiError: 413, 415, invalid_json). */
  readBody(): Promise<unknown>;
}

export interface ProxyReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface Outcome {
  endpoint: string;
  cache: string;
  code?: string;
}

/** The rate limiter's decision for this request (taken at most once per request). */
export function takeRate(req: Pick<ProxyRequest, "headers">, state: ProxyState): RateDecision | Promise<RateDecision> {
  return state.limiter ? state.limiter.take(clientIpOf(req.headers, state.settings.trustProxy)) : PASS;
}
const PASS: RateDecision = { ok: true, remaining: Number.POSITIVE_INFINITY };

async function answer(
  req: ProxyRequest,
  state: ProxyState,
  out: Outcome,
  taken?: RateDecision,
): Promise<ProxyReply> {
  if (state.limiter) {
    const d = taken ?? (await takeRate(req, state));
    if (!d.ok)
      throw new ApiError("rate_limited", "too many requests from this address; slow down", {
        retryAfterSec: d.retryAfterSec,
      });
  }
  const url = new URL(req.url, "http://localhost");
  const route = resolveRoute(req.method, req.segments, url.pathname);
  if (!route.ok) {
    out.code = route.error.code;
    return errorReply(route.error, { allow: route.allow });
  }
  const { def } = route;
  out.endpoint = def.id;
  const input = await validateProxyRequest(def, url.searchParams, () => req.readBody());
  const minAsOf = parseMinAsOf(req.headers.get(MIN_AS_OF_HEADER));
  const r = await state.proxy.call(def, input, minAsOf === undefined ? undefined : { minAsOf });
  out.cache = r.headers.degraded ? "degraded" : r.headers.cache;
  return {
    status: r.status,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": r.headers.cacheControl,
      "x-cache": r.headers.cache,
      age: String(Math.floor(r.headers.ageMs / 1000)),
    },
    body: r.text,
  };
}

/**
 * Answers one request. `taken`: the rate limiter's decision when the caller already took it for this request (the
 * fast lane, which falls back here when its fresh copy is gone).
 */
export async function proxyRequest(req: ProxyRequest, state: ProxyState, taken?: RateDecision): Promise<ProxyReply> {
  const started = performance.now();
  const out: Outcome = { endpoint: "unknown", cache: "none" };
  let reply: ProxyReply;
  try {
    reply = await answer(req, state, out, taken);
  } catch (error) {
    const e = loggedApiError(error, state.logger);
    out.code = e.code;
    reply = errorReply(e);
  }
  finish(state, req.method, reply.status, out, started);
  return reply;
}

/** Metrics and the log line of one answered request. */
export function finish(state: ProxyState, method: string, status: number, out: Outcome, started: number): void {
  const ms = performance.now() - started;
  state.metrics.request(out.endpoint, method, status, out.cache, ms / 1000);
  // Answers are debug (/api/metrics and /api/usage count them, per endpoint and cache result; a log write costs more
  // than a cache hit here); refusals are info, failures warn. No line object is built for a level that is off.
  if (status < 400 && !state.logger.isLevelEnabled("debug")) return;
  const line = {
    method,
    endpoint: out.endpoint,
    status,
    cache: out.cache,
    ms: Math.round(ms * 100) / 100,
    code: out.code,
  };
  if (status >= 500) state.logger.warn(line, "api request failed");
  else if (status >= 400) state.logger.info(line, "api request refused");
  else state.logger.debug(line, "api request");
}
