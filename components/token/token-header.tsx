"use client";

import { Address } from "@/components/ui/address";
import { Age } from "@/components/ui/age";
import { Badge } from "@/components/ui/badge";
import { ChainTag } from "@/components/ui/chain-tag";
import { ExternalLink } from "@/components/ui/external-link";
import { Flash } from "@/components/ui/flash";
import { Liquidity } from "@/components/ui/liquidity";
import { Metric } from "@/components/ui/metric";
import { Count, Usd } from "@/components/ui/num";
import { Pct } from "@/components/ui/pct";
import { Price } from "@/components/ui/price";
import { SafeText } from "@/components/ui/safe-text";
import { TokenIcon } from "@/components/ui/token-icon";
import { WatchStar } from "@/components/watchlist/watch-star";
import {
  type ChainId,
  chainInfo,
  explorerAddressUrl,
  type TokenDetail,
  type TokenMetadata,
  type TokenSecurity,
} from "@/lib/api/core";
import { LaunchpadBlock } from "./launchpad-block";
import { SecurityFlags } from "./security-flags";
import { TokenLinks } from "./token-links";

export interface TokenHeaderProps {
  chain: ChainId;
  token: TokenDetail;
  meta: TokenMetadata | null | undefined;
  security: TokenSecurity | null | undefined;
}

/** The strip on top: who the token is, its live price and size, launchpad state, safety flags and links. */
export function TokenHeader({ chain, token, meta, security }: TokenHeaderProps) {
  const info = chainInfo(chain);
  // no symbol is shown while neither the chain nor a pool names the quote
  const native = info?.nativeSymbol ?? token.quoteSymbol ?? "";
  const explorer = explorerAddressUrl(chain, token.address, "token");
  return (
    <header
      data-testid="token-header"
      className="flex flex-wrap items-center gap-x-6 gap-y-2 rounded-md border border-border bg-panel px-3 py-2"
    >
      <div className="flex min-w-0 items-center gap-2.5">
        <TokenIcon src={meta?.iconUrl ?? token.iconUrl} seed={token.address} size={36} alt="" priority />
        <div className="flex min-w-0 flex-col gap-0.5">
          <h1 className="flex min-w-0 items-baseline gap-1.5 text-[15px] leading-5 font-semibold">
            <SafeText value={token.name} max={28} className="max-w-[16rem]" />
            <span className="text-xs font-medium text-muted" data-testid="token-symbol">
              <SafeText value={token.symbol} max={12} fallback="?" />
            </span>
            <WatchStar chain={chain} address={token.address} symbol={token.symbol} name={token.name} size="sm" />
          </h1>
          <div className="flex flex-wrap items-center gap-1.5 text-mini text-muted">
            <ChainTag chain={chain} />
            <Address address={token.address} chars={4} className="text-mini" />
            {explorer ? (
              <ExternalLink href={explorer} className="text-mini">
                Explorer
              </ExternalLink>
            ) : null}
            <span title="Age">
              <Age at={token.createdAt} />
            </span>
            {meta?.dexPaid ? <Badge kind="dexPaid" /> : null}
          </div>
        </div>
      </div>

      <div className="flex items-end gap-3">
        <div className="flex flex-col">
          <span data-testid="token-price-usd" className="text-lg leading-6 font-semibold">
            <Flash value={token.priceUsd}>
              <Price value={token.priceUsd} />
            </Flash>
          </span>
          <span className="text-mini text-muted" data-testid="token-price-native">
            <Price value={token.priceNative} quote={{ symbol: native }} />
          </span>
        </div>
        <Metric label="1h">
          <Pct value={token.priceChange1hPct} />
        </Metric>
        <Metric label="24h">
          <Pct value={token.priceChange24hPct} />
        </Metric>
      </div>

      <div className="flex items-end gap-4">
        <Metric label="MCap" testId="token-mcap">
          <Usd value={token.marketCapUsd} />
        </Metric>
        <Metric label="Liquidity">
          <Liquidity migrated={token.launchpad?.migrated ?? false} liquidityUsd={token.liquidityUsd} />
        </Metric>
        <Metric label="Vol 24h">
          <Usd value={token.volume24hUsd} />
        </Metric>
        <Metric label="Txns 24h">
          <span className="num">
            <Count value={token.txns24h} />
            <span className="ml-1 text-mini">
              <Count value={token.buys24h} className="text-up" />/<Count value={token.sells24h} className="text-down" />
            </span>
          </span>
        </Metric>
      </div>

      {token.launchpad ? <LaunchpadBlock launchpad={token.launchpad} /> : null}

      <div className="flex flex-col gap-1">
        {chain === "solana" ? <SecurityFlags security={security} /> : null}
        <TokenLinks meta={meta} />
      </div>
    </header>
  );
}
