import { NotFoundPanel } from "@/components/ui/not-found-panel";

/** A link whose address is neither an EVM hex address nor a Solana base58 one: nothing was asked of the market. */
export default function WalletNotFound() {
  return (
    <NotFoundPanel testId="wallet-not-found" title="Not a wallet address" back="Go to Pulse">
      Wallet links take an EVM address (0x followed by 40 hex characters) or a Solana address (32–44 base58
      characters). Check the link and try again.
    </NotFoundPanel>
  );
}
