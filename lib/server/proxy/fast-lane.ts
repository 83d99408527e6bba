import type { IncomingMessage, ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import { readJson } from "./read-body";
import { PROXY_PREFIX } from "./resolve-route";
import { proxyRequest } from "./serve-request";
import { getProxyState } from "./state";

// Loaded by server.ts outside Next, so no `import "server-only"` here.
// server.ts answers GET and POST /api/v1/* itself, before Next routes the request: the same work as the route handler
// (proxyRequest: rate limit → registry route → validation → cache and coalescing → upstream client → reply, one log
// line, metrics) on node's own request and response, without the framework's per-request routing, middleware and
// web Request/Response objects (measured by bench/proxy.ts: they cost more than the whole proxy on this path).

const PREFIX = `${PROXY_PREFIX}/v1/`;
const GZIP_MIN_BYTES = 1_024;

function header(req: IncomingMessage, name: string): string | null {
  const v = req.headers[name];
  return typeof v === "string" ? v : Array.isArray(v) ? v.join(", ") : null;
}

/** The catch-all route's segments as Next decodes them; `null` when a segment does not decode. */
function segmentsOf(pathname: string): string[] | null {
  try {
    return pathname.slice(PREFIX.length).split("/").map(decodeURIComponent);
  } catch {
    return null;
  }
}

/**
 * Answers a GET or POST under /api/v1/ and returns `true`; `false` (nothing written) for anything else, which Next
 * then routes. `siteHeaders()` gives what every response of the site carries (the middleware's security headers).
 */
export async function answerApiRequest(
  req: IncomingMessage,
  res: ServerResponse,
  siteHeaders: () => Record<string, string>,
): Promise<boolean> {
  const method = req.method ?? "GET";
  if ((method !== "GET" && method !== "POST") || !req.url?.startsWith(PREFIX)) return false;
  const q = req.url.indexOf("?");
  const segments = segmentsOf(q < 0 ? req.url : req.url.slice(0, q));
  if (!segments) return false;
  let state: ReturnType<typeof getProxyState>;
  try {
    state = getProxyState();
  } catch {
    return false; // a malformed proxy setting: the route answers its 500 and logs which
  }
  const reply = await proxyRequest(
    {
      method,
      url: req.url,
      headers: { get: (name) => header(req, name.toLowerCase()) },
      segments,
      readBody: () => readJson(header(req, "content-type"), header(req, "content-length"), req),
    },
    state,
  );
  let body: Buffer | string = reply.body;
  const out: Record<string, string> = { ...siteHeaders(), ...reply.headers, vary: "Accept-Encoding" };
  if (reply.body.length >= GZIP_MIN_BYTES && /\bgzip\b/.test(header(req, "accept-encoding") ?? "")) {
    body = gzipSync(reply.body);
    out["content-encoding"] = "gzip";
  }
  out["content-length"] = String(Buffer.byteLength(body));
  res.writeHead(reply.status, out);
  res.end(body);
  return true;
}
