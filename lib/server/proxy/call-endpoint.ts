import { type EndpointDef, type EndpointId, type EndpointInput, type Envelope, endpoints } from "@/lib/api/endpoints";
import type { CallResult } from "./cache-and-coalesce";
import { getProxyState, type ProxyState } from "./state";

// Server-side calls (server components, route handlers) go through the same cache, coalescing and ledger as the
// browser's /api/v1 calls, without an HTTP round trip to ourselves. `input` must already be validated.

export type { CacheStatus, CallResult } from "./cache-and-coalesce";

export function callEndpoint<K extends EndpointId>(
  id: K,
  input: EndpointInput,
  opts?: { state?: ProxyState },
): Promise<CallResult<Envelope<K>>>;
export function callEndpoint(
  def: EndpointDef,
  input: EndpointInput,
  opts?: { state?: ProxyState },
): Promise<CallResult<unknown>>;
export function callEndpoint(
  idOrDef: EndpointId | EndpointDef,
  input: EndpointInput,
  opts: { state?: ProxyState } = {},
) {
  const def = typeof idOrDef === "string" ? (endpoints[idOrDef] as EndpointDef) : idOrDef;
  return (opts.state ?? getProxyState()).proxy.call(def, input);
}
