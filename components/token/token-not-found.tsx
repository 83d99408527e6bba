import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";
import { chainInfo } from "@/lib/api";
import { shortAddress } from "@/lib/format";

/** A valid address the service does not know as a token on this chain (404 token_not_found). */
export function TokenNotFound({ chain, address }: { chain: string; address: string }) {
  const name = chainInfo(chain)?.name ?? chain;
  return (
    <div data-testid="token-not-found" className="rounded-md border border-border bg-panel">
      <EmptyState
        title="Token not found"
        action={
          <Link
            href="/pulse"
            className="rounded-md bg-accent px-3 py-1.5 text-xs font-medium text-white hover:bg-accent/90"
          >
            Browse new tokens
          </Link>
        }
      >
        No token at{" "}
        <span className="num font-mono text-fg" title={address}>
          {shortAddress(address, 6, 6)}
        </span>{" "}
        on {name}. It may be a wallet or a pool address, or a token on another chain.
      </EmptyState>
    </div>
  );
}
