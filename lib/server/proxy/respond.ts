import { ApiError } from "@/lib/api/errors";

// Every error of the /api routes becomes a reply here, and only here: `{ error: { code, message, param? } }`,
// never cached, Retry-After when the caller should wait, Allow on 405.

type Warn = (obj: Record<string, unknown>, msg: string) => void;

export function asApiError(error: unknown, log?: { error: Warn }): ApiError {
  if (error instanceof ApiError) return error;
  log?.error(
    { err: error instanceof Error ? { name: error.name, message: error.message } : String(error) },
    "unexpected error",
  );
  return new ApiError("internal_error", "internal error");
}

export function errorReply(error: unknown, opts: { allow?: string[]; log?: { error: Warn } } = {}) {
  const e = asApiError(error, opts.log);
  const headers: Record<string, string> = {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
  };
  if (e.retryAfterSec !== undefined) headers["retry-after"] = String(Math.max(1, Math.ceil(e.retryAfterSec)));
  if (e.status === 405 && opts.allow?.length) headers.allow = opts.allow.join(", ");
  const status = e.status >= 400 && e.status <= 599 ? e.status : 500;
  return { status, headers, body: JSON.stringify(e.toBody()) };
}

export function errorResponse(error: unknown, opts: { allow?: string[]; log?: { error: Warn } } = {}): Response {
  const r = errorReply(error, opts);
  return new Response(r.body, { status: r.status, headers: r.headers });
}
