import { chainInfo } from "@/lib/api/chains";
import { safeText } from "@/lib/format/safe-text";
import { Chip } from "./badge";

// Short labels traders know; other chains fall back to their slug.
const SHORT: Record<string, string> = {
  solana: "SOL",
  ethereum: "ETH",
  bsc: "BSC",
  base: "BASE",
  arbitrum: "ARB",
  optimism: "OP",
  polygon: "POL",
  avalanche: "AVAX",
  zksync: "ZK",
  hyperevm: "HYPE",
  berachain: "BERA",
  unichain: "UNI",
  abstract: "ABS",
};

export function chainShortLabel(chain: string): string {
  const info = chainInfo(chain);
  if (!info) return safeText(chain, { maxGraphemes: 12 }).text || "?";
  return SHORT[info.slug] ?? info.slug.toUpperCase().slice(0, 6);
}

/** A compact chain label ("BASE", "SOL") with the full name and id in the title. */
export function ChainTag({ chain, className }: { chain: string; className?: string }) {
  const info = chainInfo(chain);
  const title = info ? `${info.name} (${info.chain})` : `Chain ${safeText(chain, { maxGraphemes: 40 }).text}`;
  return (
    <Chip title={title} className={className}>
      {chainShortLabel(chain)}
    </Chip>
  );
}
