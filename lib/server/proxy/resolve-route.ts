import { ENDPOINT_LIST, type EndpointDef, findEndpoint } from "@/lib/api/endpoints";
import { ApiError } from "@/lib/api/errors";

// /api/v1/<segments> → a registry endpoint, or 404/405. Only exact registry paths pass: each segment plain
// lowercase ASCII, the raw request path identical to the rebuilt one (so no encoded slash, dot, backslash or
// unicode variant slips through a decoding step), and a short overall length.

const SEGMENT = /^[a-z0-9-]{1,32}$/;
const MAX_SEGMENTS = 4;
const MAX_PATH = 96;
export const PROXY_PREFIX = "/api";

export type RouteMatch = { ok: true; def: EndpointDef } | { ok: false; error: ApiError; allow?: string[] };

const notFound = (): RouteMatch => ({ ok: false, error: new ApiError("not_found", "no such endpoint") });

export function resolveRoute(method: string, segments: unknown, rawPathname: string): RouteMatch {
  if (!Array.isArray(segments) || segments.length === 0 || segments.length > MAX_SEGMENTS) return notFound();
  if (!segments.every((s) => typeof s === "string" && SEGMENT.test(s))) return notFound();
  const path = `/v1/${segments.join("/")}`;
  if (path.length > MAX_PATH || rawPathname.length > MAX_PATH + 64) return notFound();
  if (!rawPathname.endsWith(`${PROXY_PREFIX}${path}`)) return notFound();
  const { def, pathKnown } = findEndpoint(method, path);
  if (def) return { ok: true, def };
  if (!pathKnown) return notFound();
  const allow = ENDPOINT_LIST.filter((e) => e.path === path).map((e) => e.method);
  return {
    ok: false,
    error: new ApiError("method_not_allowed", `${method} is not allowed on ${path}; use ${allow.join(" or ")}`),
    allow,
  };
}
