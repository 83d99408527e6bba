import type { IncomingMessage, ServerResponse } from "node:http";
import { parseAndValidateFlightRouterState } from "next/dist/server/app-render/parse-and-validate-flight-router-state.js";
import { ApiError } from "@/lib/api/errors";
import { errorReply } from "../proxy/respond";

// Loaded by server.ts outside Next, so no `import "server-only"` here.
// What Next would answer in plain text, HTML or a redirect, answered here before Next sees the request: every /api/*
// answer is JSON, no request line can make the server redirect to another host, and a malformed router-state header
// is dropped rather than turned into a 500.

/** The /api routes outside /api/v1 and the methods each answers (Next adds OPTIONS). `/api/stream` is WebSocket only. */
export const API_ROUTES: Record<string, readonly string[]> = {
  "/api/health": ["GET", "HEAD"],
  "/api/metrics": ["GET", "HEAD"],
  "/api/token/cohorts": ["GET", "HEAD"],
  "/api/token/traders": ["GET", "HEAD"],
  "/api/usage": ["GET", "HEAD"],
  "/api/usage/public": ["GET", "HEAD"],
  "/api/image": ["GET", "HEAD"],
};
export const STREAM_PATH = "/api/stream";
const V1_PREFIX = "/api/v1/";
/** Methods Next's route handlers can answer; anything else (TRACE, CONNECT, PROPFIND, …) ends in Next's plain 500. */
const NEXT_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"]);
const ROUTER_STATE_HEADER = "next-router-state-tree";

function reply(res: ServerResponse, error: ApiError, allow?: readonly string[]): true {
  const r = errorReply(error, { allow: allow ? [...allow] : undefined });
  res.writeHead(r.status, { ...r.headers, "content-length": Buffer.byteLength(r.body) });
  res.end(r.body);
  return true;
}

/**
 * An absolute-form request line (`GET http://other.host/x`) or a path opening with `//` or `/\` would otherwise let
 * Next build a redirect to another host. Returns the origin-form target, or undefined when there is none.
 */
export function originForm(target: string): string | undefined {
  if (target.startsWith("/")) {
    if (!/^\/[/\\]/.test(target)) return target;
    return target.replace(/^[/\\]+/, "/");
  }
  if (!URL.canParse(target)) return undefined;
  const url = new URL(target);
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  return `${url.pathname}${url.search}`;
}

function validRouterState(value: string): boolean {
  try {
    parseAndValidateFlightRouterState(value);
    return true;
  } catch {
    return false;
  }
}

/** The JSON error an /api/* request gets before reaching Next, or undefined to let Next answer it. */
function apiRejection(method: string, pathname: string): { error: ApiError; allow?: readonly string[] } | undefined {
  // Next would answer these with a redirect to the cleaned path; an API answers JSON.
  if (pathname.endsWith("/") || pathname.includes("//"))
    return { error: new ApiError("not_found", `no API route at ${pathname.slice(0, 200)} (no empty segments, no trailing slash)`) };
  if (pathname === STREAM_PATH)
    return { error: new ApiError("upgrade_required", "the stream is a WebSocket: open it with an Upgrade request") };
  if (pathname.startsWith(V1_PREFIX)) {
    if (NEXT_METHODS.has(method)) return undefined;
    return { error: new ApiError("method_not_allowed", `${method.slice(0, 20)} is not allowed`), allow: ["GET", "POST"] };
  }
  const allow = API_ROUTES[pathname];
  if (!allow) return { error: new ApiError("not_found", `no API route at ${pathname.slice(0, 200)}`) };
  if (allow.includes(method) || method === "OPTIONS") return undefined;
  return { error: new ApiError("method_not_allowed", `${method.slice(0, 20)} is not allowed; use GET`), allow };
}

/** server.ts: call first on every request; true when the request was answered here. May rewrite `req.url`. */
export function guardRequest(req: IncomingMessage, res: ServerResponse): boolean {
  const target = originForm(req.url ?? "/");
  const method = (req.method ?? "GET").toUpperCase();
  if (target === undefined || !URL.canParse(target, "http://localhost")) {
    res.writeHead(400, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
    res.end("Bad request target");
    return true;
  }
  req.url = target;
  const state = req.headers[ROUTER_STATE_HEADER];
  if (state !== undefined && (Array.isArray(state) || !validRouterState(state))) delete req.headers[ROUTER_STATE_HEADER];

  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(target, "http://localhost").pathname);
  } catch {
    pathname = new URL(target, "http://localhost").pathname;
  }
  if (pathname === "/api" || pathname.startsWith("/api/")) {
    const rejection = apiRejection(method, pathname);
    return rejection ? reply(res, rejection.error, rejection.allow) : false;
  }
  if (NEXT_METHODS.has(method)) return false;
  res.writeHead(405, { allow: "GET, HEAD, POST", "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
  res.end("Method not allowed");
  return true;
}
