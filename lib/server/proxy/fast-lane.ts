import type { IncomingMessage, ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import type { EndpointDef, EndpointInput } from "@/lib/api/endpoints";
import { MIN_AS_OF_HEADER } from "@/lib/api/min-as-of";
import { validateRequest } from "@/lib/api/validate";
import type { CacheEntry } from "./response-cache";
import { cacheControl, cacheKey } from "./cache-and-coalesce";
import type { RateDecision } from "../http/rate-limit";
import { readJson } from "./read-body";
import { PROXY_PREFIX, resolveRoute } from "./resolve-route";
import { finish, type ProxyRequest, proxyRequest, takeRate } from "./serve-request";
import { getProxyState, type ProxyState } from "./state";

// Loaded by server.ts outside Next, so no `import "server-only"` here.
// server.ts answers GET and POST /api/v1/* itself, before Next routes the request: the same work as the route handler
// (proxyRequest: rate limit → registry route → validation → cache and coalescing → upstream client → reply, one log
// line, metrics) on node's own request and response, without the framework's per-request routing, middleware and
// web Request/Response objects (measured by bench/proxy.ts: they cost more than the whole proxy on this path).
//
// A GET whose exact URL was validated before and whose answer is fresh in this instance's cache takes a shorter lane
// still: the route and input are remembered per URL (validation depends on nothing else), and each cached answer is
// serialised once — its bytes, gzip bytes and headers — so a hit costs the rate limiter, the ledger, the metrics and
// one write: no URL parsing, validation, cache key, JSON or header object per request.

const PREFIX = `${PROXY_PREFIX}/v1/`;
const GZIP_MIN_BYTES = 1_024;
/** URLs whose route and validated input are remembered (then forgotten all at once: a bound, not an LRU). */
const HOT_URLS_MAX = 4_096;

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

interface HotRoute {
  def: EndpointDef;
  input: EndpointInput;
  key: string;
}
/** A cached answer ready to write: raw header pairs (all but Age and Content-Length) and its bytes, plain and gzip
 *  (compressed at the first client that accepts it). */
interface Serialised {
  head: string[];
  body: Buffer;
  length: string;
  gzip: Buffer | null;
  gzipLength: string;
}

function gzipOf(s: Serialised): Buffer {
  if (s.gzip === null) {
    s.gzip = gzipSync(s.body);
    s.gzipLength = String(s.gzip.length);
  }
  return s.gzip;
}

const hotUrls = new Map<string, HotRoute | null>();
let serialised = new WeakMap<CacheEntry, Serialised>();
let siteHeadersSeen: Record<string, string> | undefined;

/** The route and validated input of a GET URL; `null` when it does not validate (the full path answers why). */
function hotRoute(url: string): HotRoute | null {
  let hot = hotUrls.get(url);
  if (hot !== undefined) return hot;
  hot = null;
  const q = url.indexOf("?");
  const pathname = q < 0 ? url : url.slice(0, q);
  const segments = segmentsOf(pathname);
  const route = segments && resolveRoute("GET", segments, pathname);
  if (route?.ok) {
    const v = validateRequest(route.def, new URLSearchParams(q < 0 ? "" : url.slice(q + 1)), undefined);
    if (v.ok) hot = { def: route.def, input: v.input, key: cacheKey(route.def, v.input) };
  }
  if (hotUrls.size >= HOT_URLS_MAX) hotUrls.clear();
  hotUrls.set(url, hot);
  return hot;
}

function serialise(def: EndpointDef, entry: CacheEntry, site: Record<string, string>): Serialised {
  // The site's headers are one object for the process (server.ts); another object (tests) starts a new memo.
  if (site !== siteHeadersSeen) {
    serialised = new WeakMap();
    siteHeadersSeen = site;
  }
  let s = serialised.get(entry);
  if (s) return s;
  const head: string[] = [];
  for (const [k, v] of Object.entries(site)) head.push(k, v);
  head.push(
    "content-type", "application/json; charset=utf-8",
    "cache-control", cacheControl(def, entry),
    "x-cache", "hit",
    "vary", "Accept-Encoding",
  );
  const body = Buffer.from(entry.text);
  s = { head, body, length: String(body.length), gzip: null, gzipLength: "" };
  serialised.set(entry, s);
  return s;
}

function proxyRequestOf(req: IncomingMessage, method: string, segments: string[]): ProxyRequest {
  return {
    method,
    url: req.url ?? "/",
    headers: { get: (name) => header(req, name.toLowerCase()) },
    segments,
    readBody: () => readJson(header(req, "content-type"), header(req, "content-length"), req),
  };
}

/**
 * A GET of a URL validated before: the rate limit, then its fresh copy from the serialised bytes, or the full path
 * (with the limiter's decision already taken) when the copy is not fresh. `false` (nothing done) for other URLs.
 * Synchronous when the limiter is (one process): a hit makes no promise at all.
 */
function answerHotGet(
  req: IncomingMessage,
  res: ServerResponse,
  state: ProxyState,
  site: Record<string, string>,
): boolean | Promise<boolean> {
  const url = req.url as string;
  if (req.headers[MIN_AS_OF_HEADER] !== undefined) return false;
  const hot = hotRoute(url);
  if (!hot) return false;
  const started = performance.now();
  const taken = takeRate(proxyRequestOf(req, "GET", []), state);
  if (taken instanceof Promise) return taken.then((d) => afterRate(req, res, state, site, hot, d, started));
  return afterRate(req, res, state, site, hot, taken, started);
}

function afterRate(
  req: IncomingMessage,
  res: ServerResponse,
  state: ProxyState,
  site: Record<string, string>,
  hot: HotRoute,
  decision: RateDecision,
  started: number,
): true | Promise<true> {
  const fresh = decision.ok ? state.proxy.hit(hot.def, hot.input, hot.key) : undefined;
  if (!fresh) {
    const segments = segmentsOf((req.url as string).split("?")[0]) ?? [];
    return writeFull(req, res, "GET", segments, state, site, decision).then(() => true);
  }
  const s = serialise(hot.def, fresh.entry, site);
  const gzip = s.body.length >= GZIP_MIN_BYTES && /\bgzip\b/.test(header(req, "accept-encoding") ?? "");
  const bytes = gzip ? gzipOf(s) : s.body;
  const head = s.head.concat(
    "age", String(Math.floor(fresh.ageMs / 1000)),
    "content-length", gzip ? s.gzipLength : s.length,
  );
  if (gzip) head.push("content-encoding", "gzip");
  res.writeHead(200, head);
  res.end(bytes);
  finish(state, "GET", 200, { endpoint: hot.def.id, cache: "hit" }, started);
  return true;
}

async function writeFull(
  req: IncomingMessage,
  res: ServerResponse,
  method: string,
  segments: string[],
  state: ProxyState,
  site: Record<string, string>,
  taken?: RateDecision,
): Promise<void> {
  const reply = await proxyRequest(proxyRequestOf(req, method, segments), state, taken);
  let body: Buffer | string = reply.body;
  const out: Record<string, string> = { ...site, ...reply.headers, vary: "Accept-Encoding" };
  if (reply.body.length >= GZIP_MIN_BYTES && /\bgzip\b/.test(header(req, "accept-encoding") ?? "")) {
    body = gzipSync(reply.body);
    out["content-encoding"] = "gzip";
  }
  out["content-length"] = String(Buffer.byteLength(body));
  res.writeHead(reply.status, out);
  res.end(body);
}

/**
 * Answers a GET or POST under /api/v1/ and returns `true`; `false` (nothing written) for anything else, which Next
 * then routes. `siteHeaders()` gives what every response of the site carries (the middleware's security headers).
 * A fresh hit is answered before this returns (`true`, no promise); the rest settle later.
 */
export function proxyNodeRequest(
  req: IncomingMessage,
  res: ServerResponse,
  siteHeaders: () => Record<string, string>,
): boolean | Promise<boolean> {
  const method = req.method ?? "GET";
  if ((method !== "GET" && method !== "POST") || !req.url?.startsWith(PREFIX)) return false;
  let state: ReturnType<typeof getProxyState>;
  try {
    state = getProxyState();
  } catch {
    return false; // a malformed proxy setting: the route answers its 500 and logs which
  }
  const site = siteHeaders();
  if (method === "GET") {
    const hot = answerHotGet(req, res, state, site);
    if (hot !== false) return hot;
  }
  const q = req.url.indexOf("?");
  const segments = segmentsOf(q < 0 ? req.url : req.url.slice(0, q));
  if (!segments) return false;
  return writeFull(req, res, method, segments, state, site).then(() => true);
}
