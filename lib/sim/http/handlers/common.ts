import { ApiError, type ChainId, type EndpointInput, parseTokenRef, type SlotError } from "@/lib/api";
import type { SimCore } from "../../core";
import type { IndexedPool, IndexedToken } from "../../index/state";
import { unknownChainSlot } from "../sim-rules";

// Shared by the REST handlers: lookups that turn unknown data into the right error, never into fake data.

export interface HandlerResult {
  data: unknown;
  meta?: Record<string, unknown>;
}

export type Handler = (input: EndpointInput, core: SimCore) => HandlerResult;

export type Q = Record<string, unknown>;

export function q(input: EndpointInput): Q {
  return input.query;
}

export function requireToken(core: SimCore, chain: string, address: string): IndexedToken {
  const t = core.index.token(chain, address);
  if (!t)
    throw new ApiError("token_not_found", `no token ${address.slice(0, 64)} on ${chain}`, {
      status: 404,
      param: "address",
    });
  return t;
}

/** The token's pools named in `pools` (all when omitted); an address that is not one of them is a 400. */
export function choosePools(t: IndexedToken, pools: string[] | undefined): IndexedPool[] {
  if (!pools) return t.pools;
  const byAddr = new Map(t.pools.map((p) => [p.address, p]));
  return pools.map((a) => {
    const p = byAddr.get(a);
    if (!p)
      throw new ApiError("invalid_parameter", `"pools": ${a.slice(0, 64)} is not a pool of this token`, {
        param: "pools",
      });
    return p;
  });
}

/** A batch item `{ chain, address }` in canonical form, or the error for its slot (also a chain not served here). */
export function tokenRef(item: { chain: string; address: string }): { chain: ChainId; address: string } | SlotError {
  const ref = parseTokenRef(item);
  if ("error" in ref) return ref;
  return unknownChainSlot(ref.chain) ?? ref;
}

export function batch<T>(core: SimCore, items: { chain: string; address: string }[], build: (t: IndexedToken) => T) {
  return items.map((item) => {
    const ref = tokenRef(item);
    if ("error" in ref) return ref;
    const t = core.index.token(ref.chain, ref.address);
    if (!t) return { error: { code: "token_not_found", message: `no token ${ref.address} on ${ref.chain}` } };
    return { data: build(t) };
  });
}
