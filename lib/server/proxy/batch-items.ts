import type { EndpointDef, EndpointInput } from "@/lib/api/endpoints";
import { stableStringify } from "./stable-stringify";

// Batch endpoints answer one slot per item in input order (§1.9). An item named twice (after canonicalization) is
// fetched and charged once: the upstream gets the distinct items, and each caller slot is filled from its item's.

export interface DistinctBatch {
  /** The request with each distinct item once, in first-seen order. */
  input: EndpointInput;
  /** Rebuilds the caller's slots (its length and order) from the answer to `input`. */
  expand(text: string): string;
}

/** The distinct form of a batch request with repeated items, or null when there is nothing to fold. */
export function distinctBatch(def: EndpointDef, input: EndpointInput): DistinctBatch | null {
  const items = (input.body as { items?: unknown } | undefined)?.items;
  if (def.method !== "POST" || !Array.isArray(items)) return null;
  const slotOf = new Map<string, number>();
  const distinct: unknown[] = [];
  const slots = items.map((item) => {
    const key = stableStringify(item);
    let slot = slotOf.get(key);
    if (slot === undefined) {
      slot = distinct.push(item) - 1;
      slotOf.set(key, slot);
    }
    return slot;
  });
  if (distinct.length === items.length) return null;
  return {
    input: { ...input, body: { ...(input.body as object), items: distinct } },
    expand(text) {
      const env = JSON.parse(text) as { data: unknown[] };
      return JSON.stringify({ ...env, data: slots.map((s) => env.data[s]) });
    },
  };
}
