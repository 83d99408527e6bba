import { canonicalAddress, type EndpointId } from "@/lib/api/core";

// One key factory for every REST query. Keys hold plain normalised objects: TanStack hashes them with sorted keys, and
// partial matching lets `scope("tokenTrades", { chain, address })` reach every tape of a token.

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const ADDRESS_FIELDS = new Set(["address", "wallet", "maker", "pools", "makers", "tokenAddress"]);

function normAddress(v: unknown): unknown {
  return typeof v === "string" ? (canonicalAddress(v) ?? v) : v;
}

/** Canonical, JSON-safe form: undefined dropped, addresses canonical, address lists deduped and sorted, keys sorted. */
export function normalizeInput(value: unknown, field?: string): Json {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) {
    const items = value.map((v) => (field && ADDRESS_FIELDS.has(field) ? normAddress(v) : normalizeInput(v)) as Json);
    if (field && ADDRESS_FIELDS.has(field) && items.every((i) => typeof i === "string"))
      return [...new Set(items as string[])].sort();
    return items;
  }
  if (typeof value === "object") {
    const out: { [k: string]: Json } = {};
    for (const k of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[k];
      if (v === undefined) continue;
      out[k] = ADDRESS_FIELDS.has(k) && typeof v === "string" ? (normAddress(v) as Json) : normalizeInput(v, k);
    }
    return out;
  }
  if (typeof value === "number" && !Number.isFinite(value)) return null;
  if (typeof value === "bigint") return value.toString();
  return value as Json;
}

/** Sorted-key JSON of the normalised value (stable across property order). */
export function stableJson(value: unknown): string {
  return JSON.stringify(normalizeInput(value));
}

export type EndpointKey = readonly ["api", EndpointId, Json] | readonly ["api", EndpointId, Json, Json];
export type InfiniteKey = readonly ["api", EndpointId, Json, "infinite"];

export const apiKeys = {
  all: ["api"] as const,
  endpoint<K extends EndpointId>(id: K, query: object = {}, body?: unknown): EndpointKey {
    const q = normalizeInput(query);
    return body === undefined ? (["api", id, q] as const) : (["api", id, q, normalizeInput(body)] as const);
  },
  infinite<K extends EndpointId>(id: K, query: object): InfiniteKey {
    return ["api", id, normalizeInput(query), "infinite"] as const;
  },
  /** Prefix matching every query of `id` whose input contains `partial` (invalidation, setQueriesData). */
  scope<K extends EndpointId>(id: K, partial: object = {}): readonly ["api", EndpointId, Json] {
    return ["api", id, normalizeInput(partial)] as const;
  },
  token(chain: string, address: string): EndpointKey {
    return apiKeys.endpoint("token", { chain, address });
  },
  tokenPrice(chain: string, address: string): EndpointKey {
    return apiKeys.endpoint("tokenPrice", { chain, address });
  },
};
