import { type EndpointDef, type EndpointId, type Envelope, endpoints } from "@/lib/api/endpoints";
import { validateInput } from "@/lib/api/validate";
import { cacheKey } from "@/lib/server/proxy/cache-and-coalesce";
import { callEndpoint } from "@/lib/server/proxy/call-endpoint";
import type { ProxyState } from "@/lib/server/proxy/state";

// Reads for the cohort report: validated like any /api/v1 request, through the same cache, coalescing and ledger,
// counting the credits this report spends (a fresh hit or a joined call spends none).

export interface Reader {
  read<K extends EndpointId>(id: K, input: { query?: Record<string, unknown>; body?: unknown }): Promise<Envelope<K>>;
  /** True when a fresh copy is cached: reading it costs nothing. */
  cached(id: EndpointId, input: { query?: Record<string, unknown>; body?: unknown }): boolean;
  spent(): number;
  /** The newest `meta.asOf` read: the market's clock (rows are stamped by the upstream, not by us). */
  asOf(): number;
}

export function createReader(state: ProxyState): Reader {
  let credits = 0;
  let asOf = 0;
  const validated = (id: EndpointId, input: { query?: Record<string, unknown>; body?: unknown }) => {
    const def = endpoints[id] as EndpointDef;
    const v = validateInput(def, input);
    if (!v.ok) throw v.error;
    return { def, input: v.input };
  };
  return {
    async read(id, input) {
      const v = validated(id, input);
      const r = await callEndpoint(v.def, v.input, { state });
      // A stale copy is served while this read's refresh spends the credits (the proxy starts one per key).
      if (r.headers.cache === "miss" || r.headers.cache === "stale") credits += v.def.credits(v.input);
      const body = r.body as Envelope<typeof id>;
      asOf = Math.max(asOf, body.meta.asOf);
      return body;
    },
    cached(id, input) {
      const v = validated(id, input);
      return state.cache.get(cacheKey(v.def, v.input))?.state === "fresh";
    },
    spent: () => credits,
    asOf: () => asOf,
  };
}
