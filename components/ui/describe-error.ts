import { ApiError } from "@/lib/api/errors";

export interface ErrorDescription {
  title: string;
  detail: string;
  /** The machine-readable code (§7.2), shown small for support. */
  code: string | null;
  retryable: boolean;
  retryAfterSec?: number;
}

const MAX_DETAIL = 200;

const BY_CODE: Record<string, { title: string; retryable: boolean }> = {
  rate_limited: { title: "Too many requests", retryable: true },
  upstream_rate_limited: { title: "Market data busy", retryable: true },
  // Stream capacity never refuses a view (past the key's budget or an address's share it is delayed, not refused):
  // what is left are abuse bounds.
  limit_tracked: { title: "Live data busy", retryable: true }, // the market's own answer; the gateway polls instead
  limit_ip_connections: { title: "Too many live connections from this network", retryable: true },
  limit_subscriptions: { title: "Too many live views in this browser", retryable: true },
  limit_connections: { title: "Live data at capacity", retryable: true },
  credit_budget_exhausted: { title: "Data budget used up", retryable: false },
  upstream_unavailable: { title: "Market data unavailable", retryable: true },
  upstream_timeout: { title: "Market data timed out", retryable: true },
  upstream_error: { title: "Market data error", retryable: true },
  upstream_bad_response: { title: "Market data error", retryable: true },
  network_error: { title: "Connection problem", retryable: true },
  not_found: { title: "Not found", retryable: false },
  token_not_found: { title: "Token not found", retryable: false },
  unauthorized: { title: "Not authorized", retryable: false },
  upstream_auth: { title: "Market data not authorized", retryable: false },
  invalid_parameter: { title: "Invalid request", retryable: false },
  missing_parameter: { title: "Invalid request", retryable: false },
  unknown_parameter: { title: "Invalid request", retryable: false },
  invalid_body: { title: "Invalid request", retryable: false },
  invalid_json: { title: "Invalid request", retryable: false },
  unknown_chain: { title: "Chain not supported", retryable: false },
  forbidden: { title: "Not allowed", retryable: false },
  payload_too_large: { title: "Request too large", retryable: false },
  internal_error: { title: "Server error", retryable: true },
  slow_consumer: { title: "Live connection fell behind", retryable: true },
  origin_forbidden: { title: "Live data not allowed from this site", retryable: false },
};

function clip(s: string): string {
  return s.length > MAX_DETAIL ? `${s.slice(0, MAX_DETAIL - 1)}…` : s;
}

/** Turns anything thrown into words for an error panel. */
export function describeError(err: unknown): ErrorDescription {
  const code =
    err instanceof ApiError
      ? err.code
      : typeof (err as { code?: unknown })?.code === "string"
        ? (err as { code: string }).code
        : null;
  const message = err instanceof Error ? err.message : typeof err === "string" ? err : "";
  const known = code ? BY_CODE[code] : undefined;
  const retryAfterSec = err instanceof ApiError ? err.retryAfterSec : undefined;
  let detail = clip(message || "Please try again.");
  if (retryAfterSec) detail = `${detail} Retry in ${retryAfterSec}s.`;
  return {
    title: known?.title ?? "Something went wrong",
    detail,
    code: code ? clip(code) : null,
    retryable: known?.retryable ?? true,
    ...(retryAfterSec ? { retryAfterSec } : {}),
  };
}
