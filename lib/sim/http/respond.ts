import type { IncomingMessage, ServerResponse } from "node:http";
import { ApiError, isLoopbackIp } from "@/lib/api";

// JSON out, errors in the one shape `{ error: { code, message, param? } }` (§7, lib/api/errors.ts).

/** A response part already serialized (a cached page): spliced into the envelope as is. */
export class RawJson {
  constructor(readonly json: string) {}
}

/** `{ data, meta }` as JSON text; `data` may be pre-serialized. */
export function envelopeText(data: unknown, meta: Record<string, unknown>): string {
  if (data instanceof RawJson) return `{"data":${data.json},"meta":${JSON.stringify(meta)}}`;
  return JSON.stringify({ data, meta });
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  sendJsonText(res, status, JSON.stringify(body), headers);
}

export function sendJsonText(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  if (res.writableEnded || res.destroyed) return;
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": String(Buffer.byteLength(text)),
    "cache-control": "no-store",
    ...headers,
  });
  res.end(text);
}

export function sendError(res: ServerResponse, err: unknown, headers: Record<string, string> = {}): void {
  const e = err instanceof ApiError ? err : new ApiError("internal_error", "internal error", { status: 500 });
  const extra: Record<string, string> = { ...headers };
  if (e.retryAfterSec !== undefined) extra["retry-after"] = String(e.retryAfterSec);
  sendJson(res, e.status, e.toBody(), extra);
}

export const MAX_BODY_BYTES = 1024 * 1024;

/** Reads a JSON body (bounded); `undefined` when there is none. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > MAX_BODY_BYTES)
    throw new ApiError("payload_too_large", `body exceeds ${MAX_BODY_BYTES} bytes`, { status: 413 });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES)
      throw new ApiError("payload_too_large", `body exceeds ${MAX_BODY_BYTES} bytes`, { status: 413 });
    chunks.push(chunk as Buffer);
  }
  if (size === 0) return undefined;
  const type = String(req.headers["content-type"] ?? "application/json");
  if (!/^application\/(?:[\w.+-]*\+)?json\b/i.test(type))
    throw new ApiError("invalid_body", "body must be JSON (Content-Type: application/json)", {
      status: 400,
      param: "body",
    });
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new ApiError("invalid_json", "body is not valid JSON", { status: 400, param: "body" });
  }
}

export function isLoopback(req: IncomingMessage): boolean {
  return isLoopbackIp(req.socket.remoteAddress ?? "");
}
