import { ApiError, type EndpointInput, parseChainId } from "@/lib/api";
import { findSimChain } from "../engine/chains";

// The service's own check after the registry's (which stays open to chains a real upstream may add): a chain this
// market does not serve is a 400 before anything is spent.

function unknownChain(param: string, chain: string): ApiError {
  return new ApiError("unknown_chain", `${param}: this service does not serve chain ${chain.slice(0, 32)}`, {
    status: 400,
    param,
  });
}

/** §7.1: `chain` / `chains` (query) and `chain` (body) must name a chain of this market. */
export function checkKnownChains(input: EndpointInput): void {
  const q = input.query;
  if (typeof q.chain === "string" && !findSimChain(q.chain)) throw unknownChain("chain", q.chain);
  if (Array.isArray(q.chains))
    for (const c of q.chains as string[]) if (!findSimChain(c)) throw unknownChain("chains", c);
  const bodyChain = (input.body as { chain?: unknown } | undefined)?.chain;
  if (typeof bodyChain === "string") {
    const c = parseChainId(bodyChain, { allowSolanaAlias: true });
    if (c && !findSimChain(c)) throw unknownChain("chain", c);
  }
}

/** A batch item's chain this market does not serve: the slot's error (§7.4). */
export function unknownChainSlot(chain: string): { error: { code: string; message: string } } | null {
  return findSimChain(chain)
    ? null
    : { error: { code: "unknown_chain", message: `this service does not serve chain ${chain.slice(0, 32)}` } };
}
