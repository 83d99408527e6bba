import type { EndpointDef, EndpointInput } from "@/lib/api/endpoints";
import { parseTokenRef, type SlotError } from "@/lib/api/token-ref";
import { stableStringify } from "./stable-stringify";

// Batch endpoints answer one slot per item in input order (§1.9, §7.4). An item named twice (after canonicalization)
// is fetched and charged once, and a token reference that names no token is answered in its own slot here: the
// upstream gets the distinct valid items only, and each caller slot is filled from its item's answer or error.

export interface BatchPlan {
  /** The request with each distinct valid item once, in first-seen order; null when no item needs the upstream. */
  input: EndpointInput | null;
  /** Rebuilds the caller's slots (its length and order) from the answer to `input` (null when `input` is null). */
  expand(text: string | null, asOf: number): string;
}

type Slot = { upstream: number } | { local: SlotError };

/** The plan of a batch request with repeated or malformed items, or null when it goes upstream as it is. */
export function planBatch(def: EndpointDef, input: EndpointInput): BatchPlan | null {
  const items = (input.body as { items?: unknown } | undefined)?.items;
  if (def.method !== "POST" || !Array.isArray(items)) return null;
  const slotOf = new Map<string, number>();
  const distinct: unknown[] = [];
  const slots: Slot[] = items.map((item) => {
    if (def.tokenRefItems) {
      const ref = parseTokenRef(item as { chain: string; address: string });
      if ("error" in ref) return { local: ref };
    }
    const key = stableStringify(item);
    let slot = slotOf.get(key);
    if (slot === undefined) {
      slot = distinct.push(item) - 1;
      slotOf.set(key, slot);
    }
    return { upstream: slot };
  });
  if (distinct.length === items.length) return null;
  return {
    input: distinct.length > 0 ? { ...input, body: { ...(input.body as object), items: distinct } } : null,
    expand(text, asOf) {
      const env = text ? (JSON.parse(text) as { data: unknown[]; meta?: object }) : { data: [], meta: { asOf } };
      return JSON.stringify({ ...env, data: slots.map((s) => ("local" in s ? s.local : env.data[s.upstream])) });
    },
  };
}
