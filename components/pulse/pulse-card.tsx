"use client";

import Link from "next/link";
import { memo } from "react";
import { tokenHref } from "@/components/search/search-target";
import { Age, Badge, ChainTag, Chip, Count, Flash, ProgressBar, SafeText, TokenIcon, Usd } from "@/components/ui";
import { WatchStar } from "@/components/watchlist/watch-star";
import type { Factory, PulseToken } from "@/lib/api";
import { safeText } from "@/lib/format";
import { CardCreator, CardSocials } from "./card-links";
import { CardSparkline } from "./card-sparkline";

/** Card height in px: the virtual list positions cards by it, so it is fixed. */
export const CARD_HEIGHT = 78;

export interface PulseCardProps {
  token: PulseToken;
  launchpad: Factory | null;
}

function Stat({ label, children, title }: { label: string; children: React.ReactNode; title?: string }) {
  return (
    <span className="inline-flex items-baseline gap-1" title={title}>
      <span className="text-[10px] text-muted">{label}</span>
      {children}
    </span>
  );
}

/** One launch, dense like a terminal row: identity on the left, market figures on the right, the whole card a link. */
export const PulseCard = memo(function PulseCard({ token: t, launchpad }: PulseCardProps) {
  const symbol = safeText(t.symbol, { maxGraphemes: 12 }).text || "token";
  const name = safeText(t.name, { maxGraphemes: 40 }).text;
  return (
    <article
      data-token={`${t.chain}:${t.address}`}
      aria-label={`${symbol} ${name}`}
      className="group relative flex h-[78px] items-stretch gap-2.5 border-b border-border/70 px-2.5 py-2 transition-colors hover:bg-panel-raised/70"
    >
      <Link
        href={tokenHref(t.chain, t.address)}
        prefetch={false}
        className="absolute inset-0 z-0 rounded-sm focus-visible:outline-offset-[-2px]"
      >
        <span className="sr-only">
          Open {symbol} {name}
        </span>
      </Link>
      <div className="relative shrink-0 self-center">
        <TokenIcon src={t.metadata.iconUrl} seed={t.address} size={52} className="rounded-md" />
        <ChainTag
          chain={t.chain}
          className="absolute -bottom-1 left-1/2 -translate-x-1/2 bg-panel px-0.5 text-[9px] leading-3"
        />
      </div>

      <div className="flex min-w-0 flex-1 flex-col justify-between">
        <div className="flex min-w-0 items-center gap-1.5">
          <SafeText value={t.symbol} max={12} fallback="?" className="shrink-0 text-[13px] font-semibold text-fg" />
          <SafeText value={t.name} max={28} className="min-w-0 text-xs text-muted" />
          <WatchStar
            chain={t.chain}
            address={t.address}
            symbol={t.symbol}
            name={t.name}
            className="relative z-10 -my-1 ml-auto"
          />
        </div>
        <div className="flex min-w-0 items-center gap-2 text-[11px]">
          <Age at={t.createdAt} className="font-medium text-up" />
          {launchpad ? (
            <Chip title={`Launchpad: ${launchpad.name}`} className="max-w-24 truncate">
              {launchpad.name}
            </Chip>
          ) : null}
          <CardSocials metadata={t.metadata} />
          {t.metadata.dexPaid ? <Badge kind="dexPaid" /> : null}
          <CardCreator creator={t.creator} chain={t.chain} />
        </div>
        <div className="flex min-w-0 items-center gap-2 text-[11px]">
          {t.migrated ? (
            <span className="flex items-center gap-1.5 text-muted">
              <Badge kind="migrated" />
              {t.graduatedAt !== null ? (
                <span className="whitespace-nowrap" data-graduated-at={t.graduatedAt}>
                  <Age at={t.graduatedAt} className="text-fg" suffix=" ago" />
                </span>
              ) : null}
            </span>
          ) : (
            <ProgressBar value={t.bondingProgress} className="w-28" label={`Bonding progress of ${symbol}`} />
          )}
          <Stat label="TX" title={`${t.txns} transactions: ${t.buys} buys, ${t.sells} sells`}>
            <Count value={t.txns} className="text-fg" />
            <span className="num text-[10px]">
              <span className="text-up">{t.buys}</span>
              <span className="text-muted">/</span>
              <span className="text-down">{t.sells}</span>
            </span>
          </Stat>
          <Stat label="F" title="Fees paid">
            <Usd value={t.feesUsd} className="text-fg" />
          </Stat>
        </div>
      </div>

      <div className="flex w-[104px] shrink-0 flex-col items-end justify-between text-[11px]">
        <Stat label="MC">
          <Flash value={t.marketCapUsd}>
            <Usd value={t.marketCapUsd} className="text-[13px] font-semibold text-fg" />
          </Flash>
        </Stat>
        <CardSparkline chain={t.chain} pool={t.pool.address} />
        <span className="flex items-baseline gap-2">
          <Stat label="V">
            <Usd value={t.volumeUsd} className="text-fg" />
          </Stat>
          <Stat label="L">
            <Usd value={t.liquidityUsd} className="text-fg" />
          </Stat>
        </span>
      </div>
    </article>
  );
});
