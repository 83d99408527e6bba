import Link from "next/link";
import { walletHref } from "@/components/search/search-target";
import { shortAddress } from "@/lib/format";

/** A short wallet address linking to its page; not prefetched (lists hold dozens of wallets). */
export function WalletLink({ address, chain, chars = 4 }: { address: string; chain: string; chars?: number }) {
  return (
    <Link
      href={walletHref(address, chain)}
      prefetch={false}
      title={address}
      className="num truncate font-mono hover:text-accent hover:underline"
    >
      {shortAddress(address, chars, chars)}
    </Link>
  );
}
