"use client";

import { memo, type ReactNode } from "react";
import { Age, Badge, Count, cn, Flash, type IconPriority, Liquidity, ProgressBar, Usd } from "@/components/ui";
import type { Factory, PulseToken } from "@/lib/api/core";
import { safeText } from "@/lib/format";
import { CardIcon, CardLink, CardMeta, CardTitle } from "./card-parts";
import { CardSparkline } from "./card-sparkline";

/**
 * Card height in px: the virtual list positions cards by it, so it is fixed. On a phone the title and link rows hold
 * 24 px tap targets (24 + 24 + 18 px of rows), so the padding shrinks there instead of the card growing.
 */
export const CARD_HEIGHT = 78;

export interface PulseCardProps {
  token: PulseToken;
  launchpad: Factory | null;
  /** One of the first cards of its column: its icon is above the fold and loads at once. */
  priority?: IconPriority;
}

function Stat({
  label,
  children,
  title,
  className,
}: {
  label: string;
  children: ReactNode;
  title?: string;
  className?: string;
}) {
  return (
    <span className={cn("inline-flex items-baseline gap-1", className)} title={title}>
      <span className="text-micro text-muted">{label}</span>
      {children}
    </span>
  );
}

/** One launch, dense like a terminal row: identity on the left, market figures on the right, the whole card a link. */
export const PulseCard = memo(function PulseCard({ token: t, launchpad, priority = false }: PulseCardProps) {
  const label = `${safeText(t.symbol, { maxGraphemes: 12 }).text || "token"} ${safeText(t.name, { maxGraphemes: 40 }).text}`;
  const m = t.metadata;
  return (
    <article
      data-token={`${t.chain}:${t.address}`}
      data-mcap={t.marketCapUsd}
      aria-label={label}
      className="group relative flex h-[78px] items-stretch gap-2.5 [contain:strict] border-b border-border/70 px-2.5 py-2 transition-colors hover:bg-panel-raised/70 max-sm:py-1.5"
    >
      <CardLink chain={t.chain} address={t.address} label={label} />
      <CardIcon chain={t.chain} address={t.address} iconUrl={m.iconUrl} priority={priority} />
      <div className="flex min-w-0 flex-1 flex-col justify-between">
        <CardTitle chain={t.chain} address={t.address} symbol={t.symbol} name={t.name} />
        <CardMeta
          chain={t.chain}
          createdAt={t.createdAt}
          launchpad={launchpad}
          websiteUrl={m.websiteUrl}
          twitterUrl={m.twitterUrl}
          telegramUrl={m.telegramUrl}
          dexPaid={m.dexPaid}
          creatorAddress={t.creator.address}
          creatorName={t.creator.displayName || t.creator.ensName}
          creatorAvatar={t.creator.avatarUrl}
        />
        <div className="flex min-w-0 items-center gap-2 overflow-hidden text-mini">
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
            <ProgressBar value={t.bondingProgress} className="w-28 max-sm:w-20" label="Bonding progress" />
          )}
          <Stat label="TX" title={`${t.txns} transactions: ${t.buys} buys, ${t.sells} sells`}>
            <Count value={t.txns} className="text-fg" />
            <span className="num text-micro">
              <span className="text-up">{t.buys}</span>
              <span className="text-muted">/</span>
              <span className="text-down">{t.sells}</span>
            </span>
          </Stat>
          {/* Fees give way on a phone: the row keeps bonding progress and the buy/sell split legible. */}
          <Stat label="F" title="Fees paid" className="max-sm:hidden">
            <Usd value={t.feesUsd} className="text-fg" />
          </Stat>
        </div>
      </div>
      <div className="flex w-[104px] shrink-0 flex-col items-end justify-between text-mini">
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
            <Liquidity migrated={t.migrated} liquidityUsd={t.liquidityUsd} className="text-fg" />
          </Stat>
        </span>
      </div>
    </article>
  );
});
