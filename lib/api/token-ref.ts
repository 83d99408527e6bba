import { canonicalAddressFor } from "./address";
import { type ChainId, parseChainId } from "./chains";

// §7.4: a token batch item that does not name a token is answered in its own slot, in input order, not by failing the
// batch. One rule for the proxy (which answers such a slot itself and sends, and charges, nothing for it) and the
// embedded market.

export interface SlotError {
  error: { code: string; message: string };
}

/** A batch item `{ chain, address }` in canonical form, or the error for its slot. */
export function parseTokenRef(item: { chain: string; address: string }): { chain: ChainId; address: string } | SlotError {
  const chain = parseChainId(item.chain);
  if (!chain) return { error: { code: "invalid_parameter", message: "chain must be evm:<chain id> or solana" } };
  const address = canonicalAddressFor(chain, item.address);
  if (!address) return { error: { code: "invalid_parameter", message: `address does not belong to chain ${chain}` } };
  return { chain, address };
}
