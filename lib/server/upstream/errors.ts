import type { EndpointDef } from "@/lib/api/endpoints";
import { ApiError, isApiErrorBody } from "@/lib/api/errors";

// Upstream HTTP answers other than 200 → our error codes (the table is in docs/proxy.md).

export type UpstreamOutcome =
  | "ok"
  | "client_error"
  | "rate_limited"
  | "auth"
  | "server_error"
  | "timeout"
  | "unavailable"
  | "bad_response";

type LogFn = (obj: Record<string, unknown>, msg: string) => void;
export interface UpstreamLogger {
  warn: LogFn;
  error: LogFn;
}

/** Retry-After in seconds (delta or HTTP date), clamped to 1 s – 1 h. */
export function parseRetryAfter(h: string | string[] | undefined, nowMs = Date.now()): number {
  const v = Array.isArray(h) ? h[0] : h;
  let sec = v === undefined ? Number.NaN : Number(v);
  if (v !== undefined && !Number.isFinite(sec)) {
    const at = Date.parse(v);
    sec = Number.isFinite(at) ? (at - nowMs) / 1000 : Number.NaN;
  }
  return Number.isFinite(sec) ? Math.min(3600, Math.max(1, Math.ceil(sec))) : 1;
}

/** Removes the key from text passed through from the upstream, then caps its length. */
export function scrub(text: string, key: string): string {
  return (key ? text.split(key).join("[redacted]") : text).slice(0, 300);
}

export function outcomeOf(status: number): UpstreamOutcome {
  if (status === 401 || status === 403) return "auth";
  if (status === 429) return "rate_limited";
  if (status >= 500) return "server_error";
  return "client_error";
}

export function mapStatus(
  def: EndpointDef,
  status: number,
  text: string,
  headers: Record<string, string | string[] | undefined>,
  key: string,
  logger?: UpstreamLogger,
): ApiError {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {}
  const upstream = isApiErrorBody(body) ? body.error : undefined;
  if (status === 401 || status === 403) {
    logger?.error({ endpoint: def.id, status }, "the market-data service rejected the server's key");
    return new ApiError("upstream_auth", "the market-data service rejected this server's credentials");
  }
  if (status === 429) {
    return new ApiError("upstream_rate_limited", "the market-data service is rate limiting this server; retry shortly", {
      retryAfterSec: parseRetryAfter(headers["retry-after"]),
    });
  }
  if (status === 400 && upstream) {
    // Our validation should have caught this: worth a look.
    logger?.warn(
      { endpoint: def.id, code: upstream.code, param: upstream.param },
      "upstream rejected a request the proxy had validated",
    );
    return new ApiError(scrub(upstream.code, key).slice(0, 64), scrub(upstream.message ?? upstream.code, key), {
      status: 400,
      param: upstream.param ? scrub(upstream.param, key).slice(0, 64) : undefined,
    });
  }
  if (status === 404) {
    const code = upstream?.code === "token_not_found" ? "token_not_found" : "not_found";
    return new ApiError(code, upstream?.message ? scrub(upstream.message, key) : "not found");
  }
  if (status >= 500) {
    logger?.warn({ endpoint: def.id, status }, "upstream server error");
    return new ApiError("upstream_error", `the market-data service failed (HTTP ${status})`);
  }
  logger?.warn({ endpoint: def.id, status }, "unexpected upstream status");
  return new ApiError("upstream_error", `the market-data service answered HTTP ${status}`);
}
