import { z } from "zod";
import type { EndpointDef, EndpointInput } from "@/lib/api/endpoints";

// Checks an upstream body against the registry's data/meta schemas before it is cached or served. The body is
// passed through unchanged; this only decides whether to trust it. Long arrays are checked on a sample (head, tail
// and evenly spaced rows): a full zod pass over 500 rows costs more than the rest of the proxy (see bench/proxy.ts).

export const FULL_CHECK_MAX_ITEMS = 64;
const HEAD = 16;
const TAIL = 4;
const SPREAD = 12;

function sampleIndexes(n: number): number[] {
  const out = new Set<number>();
  for (let i = 0; i < Math.min(HEAD, n); i++) out.add(i);
  for (let i = Math.max(0, n - TAIL); i < n; i++) out.add(i);
  for (let k = 1; k <= SPREAD; k++) out.add(Math.floor((k * n) / (SPREAD + 1)));
  return [...out].sort((a, b) => a - b);
}

function firstIssue(error: z.ZodError, prefix: string): string {
  const i = error.issues[0];
  const path = [prefix, ...(i?.path ?? []).map(String)].join(".");
  return `${path}: ${i?.message ?? "invalid"}`;
}

/** Returns null when the body is a valid envelope for this endpoint, else a short description of the first problem. */
export function checkEnvelope(def: EndpointDef, body: unknown, input?: EndpointInput): string | null {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return "body is not a JSON object";
  const { data, meta } = body as { data?: unknown; meta?: unknown };
  if (!("data" in body)) return "envelope has no data";
  const m = def.meta.safeParse(meta);
  if (!m.success) return firstIssue(m.error, "meta");

  if (def.data instanceof z.ZodArray && Array.isArray(data) && data.length > FULL_CHECK_MAX_ITEMS) {
    const item = def.data.element as z.ZodType;
    for (const i of sampleIndexes(data.length)) {
      const r = item.safeParse(data[i]);
      if (!r.success) return firstIssue(r.error, `data.${i}`);
    }
  } else {
    const r = def.data.safeParse(data);
    if (!r.success) return firstIssue(r.error, "data");
  }

  // §1.9 / §7.4: batch answers keep input order, one slot per item.
  const items = (input?.body as { items?: unknown[] } | undefined)?.items;
  if (Array.isArray(items) && Array.isArray(data) && data.length !== items.length)
    return `data has ${data.length} slots for ${items.length} items`;
  return null;
}
