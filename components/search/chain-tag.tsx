import { chainInfo } from "@/lib/api";
import { cn } from "@/components/ui";

const SHORT: Record<string, string> = {
  solana: "SOL",
  "evm:1": "ETH",
  "evm:56": "BSC",
  "evm:8453": "BASE",
  "evm:42161": "ARB",
};

/** A compact chain name for dense rows; the full name in the title. */
export function ChainTag({ chain, className }: { chain: string; className?: string }) {
  const info = chainInfo(chain);
  const short = SHORT[chain] ?? info?.slug.toUpperCase().slice(0, 6) ?? chain.slice(0, 10);
  return (
    <span
      title={info?.name ?? chain}
      className={cn("text-[10px] font-semibold tracking-wide text-muted uppercase", className)}
    >
      {short}
    </span>
  );
}
