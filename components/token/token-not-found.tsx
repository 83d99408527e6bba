import { NotFoundPanel } from "@/components/ui/not-found-panel";
import { chainInfo } from "@/lib/api/core";
import { shortAddress } from "@/lib/format";

/** A valid address the service does not know as a token on this chain (404 token_not_found). */
export function TokenNotFound({ chain, address }: { chain: string; address: string }) {
  const name = chainInfo(chain)?.name ?? chain;
  return (
    <NotFoundPanel testId="token-not-found" title="Token not found" back="Browse new tokens">
      No token at{" "}
      <span className="num font-mono text-fg" title={address}>
        {shortAddress(address, 6, 6)}
      </span>{" "}
      on {name}. It may be a wallet or a pool address, or a token on another chain.
    </NotFoundPanel>
  );
}
