import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";

/** A link whose address is neither an EVM hex address nor a Solana base58 one: nothing was asked of the market. */
export default function WalletNotFound() {
  return (
    <div data-testid="wallet-not-found" className="rounded-md border border-border bg-panel">
      <EmptyState
        title="Not a wallet address"
        action={
          <Link
            href="/pulse"
            className="rounded-md bg-accent px-3 py-1.5 text-xs font-medium text-white hover:bg-accent/90"
          >
            Go to Pulse
          </Link>
        }
      >
        Wallet links take an EVM address (0x followed by 40 hex characters) or a Solana address (32–44 base58
        characters). Check the link and try again.
      </EmptyState>
    </div>
  );
}
