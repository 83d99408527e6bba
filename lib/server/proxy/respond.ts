import { ApiError, asApiError } from "@/lib/api/errors";

// Every error of the /api routes becomes a reply here, and only here: `{ error: { code, message, param? } }`,
// never cached, Retry-After when the caller should wait, Allow on 405.

type Warn = (obj: Record<string, unknown>, msg: string) => void;

/** asApiError, logging what was not an ApiError (its text stays in the log, never in the body). */
export function loggedApiError(error: unknown, log?: { error: Warn }): ApiError {
  if (!(error instanceof ApiError))
    log?.error(
      { err: error instanceof Error ? { name: error.name, message: error.message } : String(error) },
      "unexpected error",
    );
  return asApiError(error);
}

export function errorReply(error: unknown, opts: { allow?: string[]; log?: { error: Warn } } = {}) {
  const e = loggedApiError(error, opts.log);
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
