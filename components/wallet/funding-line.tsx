"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { walletHref } from "@/components/search/search-target";
import { Age } from "@/components/ui/age";
import { Chip } from "@/components/ui/badge";
import { ExternalLink } from "@/components/ui/external-link";
import { Units } from "@/components/ui/num";
import { SafeText } from "@/components/ui/safe-text";
import { Skeleton } from "@/components/ui/skeleton";
import { type ChainId, chainInfo, explorerTxUrl } from "@/lib/api/core";
import type { WalletPageQueries } from "@/lib/client/queries";
import { shortAddress } from "@/lib/format";

/** §2.9: the earliest native transfer that funded the wallet, with the funder's entity tag when known. */
export function FundingLine({ chain, page }: { chain: ChainId; page: WalletPageQueries }) {
  const q = useQuery(page.funding);
  const info = chainInfo(chain);
  if (q.isPending) return <Skeleton className="h-4 w-72" />;
  if (q.isError)
    return (
      <span className="text-mini text-muted" data-testid="wallet-funding">
        Funding unavailable ·{" "}
        <button type="button" className="text-accent hover:underline" onClick={() => q.refetch()}>
          retry
        </button>
      </span>
    );
  const f = q.data.data;
  if (!f)
    return (
      <span className="text-mini text-muted" data-testid="wallet-funding">
        No funding transfer known on {info?.name ?? chain}
      </span>
    );
  const tx = explorerTxUrl(f.chain, f.txHash);
  return (
    <span className="flex flex-wrap items-center gap-1.5 text-mini text-muted" data-testid="wallet-funding">
      <span>Funded by</span>
      <Link
        href={walletHref(f.funder, f.chain)}
        prefetch={false}
        title={f.funder}
        className="num font-mono text-fg hover:text-accent hover:underline"
        data-testid="funder-link"
      >
        {shortAddress(f.funder, 4, 4)}
      </Link>
      {f.funderTag ? (
        <span data-testid="funder-tag">
          <Chip tone="accent" title="Known entity that sent the first funds">
            <SafeText value={f.funderTag} max={24} />
          </Chip>
        </span>
      ) : null}
      <span>·</span>
      <Units
        raw={f.amountNative}
        decimals={info?.nativeDecimals ?? 18}
        symbol={info?.nativeSymbol}
        className="text-fg"
      />
      <span>·</span>
      <Age at={f.fundedAt} suffix=" ago" />
      {tx ? (
        <ExternalLink href={tx} className="text-mini">
          tx
        </ExternalLink>
      ) : null}
    </span>
  );
}
