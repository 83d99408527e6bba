import type { z } from "zod";
import type { EndpointDef, EndpointInput } from "./endpoints";
import { ApiError } from "./errors";

export type Validated = { ok: true; input: EndpointInput } | { ok: false; error: ApiError };

/** §7.1: every parameter checked against the registry, unknown ones rejected, defaults applied. */
export function validateQuery(def: EndpointDef, params: URLSearchParams): { ok: true; query: Record<string, unknown> } | { ok: false; error: ApiError } {
  const query: Record<string, unknown> = {};
  const seen = new Set<string>();
  for (const [name, raw] of params) {
    const spec = Object.hasOwn(def.query, name) ? def.query[name] : undefined;
    if (!spec) return { ok: false, error: new ApiError("unknown_parameter", `unknown parameter "${name.slice(0, 64)}"`, { param: name.slice(0, 64) }) };
    if (seen.has(name)) return { ok: false, error: new ApiError("invalid_parameter", `"${name}" is given more than once`, { param: name }) };
    seen.add(name);
    const r = spec.parse(raw);
    if (!r.ok) return { ok: false, error: new ApiError("invalid_parameter", `"${name}" ${r.message}`, { param: name }) };
    query[name] = r.value;
  }
  for (const [name, spec] of Object.entries(def.query)) {
    if (seen.has(name)) continue;
    if (spec.required) return { ok: false, error: new ApiError("missing_parameter", `"${name}" is required (${spec.doc})`, { param: name }) };
    if (spec.default !== undefined) query[name] = spec.default;
  }
  return { ok: true, query };
}

export function validateBody(def: EndpointDef, body: unknown): { ok: true; body: unknown } | { ok: false; error: ApiError } {
  if (!def.body) return { ok: true, body: undefined };
  const r = (def.body as z.ZodType).safeParse(body);
  if (r.success) return { ok: true, body: r.data };
  const issue = r.error.issues[0];
  const path = issue?.path.map(String).join(".") || "body";
  const msg = issue?.code === "unrecognized_keys" ? `unknown field(s): ${(issue as { keys?: string[] }).keys?.join(", ")}` : issue?.message ?? "invalid body";
  return { ok: false, error: new ApiError("invalid_body", `${path}: ${msg}`, { param: path }) };
}

/** Validates a whole request (query, then body, then cross-field rules) before anything is spent. */
export function validateRequest(def: EndpointDef, params: URLSearchParams, body: unknown): Validated {
  const q = validateQuery(def, params);
  if (!q.ok) return q;
  const b = validateBody(def, body);
  if (!b.ok) return b;
  const input: EndpointInput = { query: q.query, body: b.body };
  const rule = def.refine?.(input);
  if (rule) return { ok: false, error: new ApiError("invalid_parameter", rule.message, { param: rule.param }) };
  return { ok: true, input };
}

/** Canonical query string (sorted keys, canonical values, defaults included): cache keys and upstream URLs. */
export function canonicalQuery(def: EndpointDef, query: Record<string, unknown>): string {
  const out = new URLSearchParams();
  for (const name of Object.keys(def.query).sort()) {
    const v = query[name];
    if (v === undefined) continue;
    out.append(name, def.query[name].format(v));
  }
  return out.toString();
}

/** Builds a query string from typed values (client fetchers), validating nothing: the server does. */
export function toSearchParams(query: Record<string, unknown>): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    out.append(k, Array.isArray(v) ? v.join(",") : String(v));
  }
  return out;
}

/** A server-side call's input (query as values, body) validated exactly as the same /api/v1 request would be. */
export function validateInput(def: EndpointDef, input: { query?: Record<string, unknown>; body?: unknown }): Validated {
  return validateRequest(def, toSearchParams(input.query ?? {}), def.method === "POST" ? (input.body ?? {}) : undefined);
}
