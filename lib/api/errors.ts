// §7: error bodies carry a machine-readable `error.code`. The code set is ours (the spec does not show it).
export const ERROR_CODES = {
  invalid_parameter: 400,
  missing_parameter: 400,
  unknown_parameter: 400,
  invalid_body: 400,
  invalid_json: 400,
  unknown_chain: 400, // a chain id the service does not serve
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  token_not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  upgrade_required: 426, // a plain HTTP request to the WebSocket path
  rate_limited: 429,
  upstream_rate_limited: 429, // the market-data service is limiting this server's key (not the browser)
  credit_budget_exhausted: 429,
  internal_error: 500,
  upstream_auth: 502,
  upstream_error: 502,
  upstream_unavailable: 503,
  upstream_timeout: 504,
  upstream_bad_response: 502,
  network_error: 0,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface ApiErrorBody {
  error: { code: ErrorCode | (string & {}); message: string; param?: string };
}

/**
 * The server bundles this module more than once (each route and page entry may carry its own copy) and objects such as
 * the proxy state are shared between them through globalThis; a plain `instanceof` would then miss an ApiError made by
 * another copy and turn a 404 into a 500. Every copy brands its errors with the same global symbol and checks that.
 */
const API_ERROR_BRAND = Symbol.for("trading-explorer.api-error");

export class ApiError extends Error {
  static [Symbol.hasInstance](value: unknown): boolean {
    return (
      typeof value === "object" &&
      value !== null &&
      (value as { [API_ERROR_BRAND]?: unknown })[API_ERROR_BRAND] === true
    );
  }
  readonly [API_ERROR_BRAND] = true;
  readonly code: string;
  readonly status: number;
  readonly param?: string;
  readonly retryAfterSec?: number;
  constructor(code: string, message: string, opts: { status?: number; param?: string; retryAfterSec?: number } = {}) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.status = opts.status ?? (ERROR_CODES as Record<string, number>)[code] ?? 500;
    this.param = opts.param;
    this.retryAfterSec = opts.retryAfterSec;
  }
  toBody(): ApiErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.param ? { param: this.param } : {}) } };
  }
}

export function isApiErrorBody(x: unknown): x is ApiErrorBody {
  if (typeof x !== "object" || x === null) return false;
  const e = (x as { error?: unknown }).error;
  return typeof e === "object" && e !== null && typeof (e as { code?: unknown }).code === "string";
}

/**
 * Anything thrown, as an ApiError: the one mapping for the server, the pages and the browser. An ApiError (from any
 * copy of this module) stays as it is; anything else (a bug, an abort) becomes `internal_error` with `fallback.message`,
 * so a stack or an internal detail never reaches a response unless the caller chooses to show it.
 */
export function asApiError(error: unknown, fallback: { message?: string; status?: number } = {}): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError("internal_error", fallback.message ?? "internal error", { status: fallback.status });
}

/** Parses any response body into an ApiError (used once on the client, once on the server). */
export function toApiError(status: number, body: unknown): ApiError {
  if (isApiErrorBody(body))
    return new ApiError(body.error.code, body.error.message ?? body.error.code, { status, param: body.error.param });
  return new ApiError(status >= 500 ? "upstream_error" : "internal_error", `HTTP ${status}`, { status });
}
