import { type ChainId, canonicalAddressFor, KNOWN_CHAINS, parseChainId } from "@/lib/api";

// The route's chain and address, checked before anything is fetched: an invalid pair never reaches the upstream.

export type TokenRoute =
  | { kind: "ok"; chain: ChainId; address: string }
  | { kind: "redirect"; chain: ChainId; address: string }
  | { kind: "invalid" };

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Chain ids, or a known chain's slug ("base") which redirects to the id; EVM addresses redirect to lowercase. */
export function resolveTokenRoute(rawChain: string, rawAddress: string): TokenRoute {
  const c = decode(rawChain);
  const a = decode(rawAddress);
  const chain = parseChainId(c) ?? KNOWN_CHAINS.find((k) => k.slug === c.toLowerCase())?.chain ?? null;
  if (!chain) return { kind: "invalid" };
  const address = canonicalAddressFor(chain, a);
  if (!address) return { kind: "invalid" };
  return chain === c && address === a ? { kind: "ok", chain, address } : { kind: "redirect", chain, address };
}
