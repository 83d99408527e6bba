"use client";

import Link from "next/link";
import { memo } from "react";
import { tokenHref } from "@/components/search/search-target";
import { Age, Badge, ChainTag, Chip, type IconPriority, SafeText, TokenIcon } from "@/components/ui";
import { WatchStar } from "@/components/watchlist/watch-star";
import type { Factory } from "@/lib/api/core";
import { CardCreator, CardSocials } from "./card-links";

// The parts of a card that rarely change, memoised on plain values: a live update (new market cap, one more trade)
// re-renders only the figures, not the icon, the names, the links or the creator.

export const CardLink = memo(function CardLink(p: { chain: string; address: string; label: string }) {
  return (
    <Link
      href={tokenHref(p.chain, p.address)}
      prefetch={false}
      className="absolute inset-0 z-0 rounded-sm focus-visible:outline-offset-[-2px]"
    >
      <span className="sr-only">Open {p.label}</span>
    </Link>
  );
});

export const CardIcon = memo(function CardIcon(p: {
  chain: string;
  address: string;
  iconUrl: string | null;
  priority: IconPriority;
}) {
  return (
    <div className="relative shrink-0 self-center">
      <TokenIcon src={p.iconUrl} seed={p.address} size={52} priority={p.priority} className="rounded-md" />
      <ChainTag
        chain={p.chain}
        className="absolute -bottom-1 left-1/2 -translate-x-1/2 bg-panel px-0.5 text-[9px] leading-3"
      />
    </div>
  );
});

export const CardTitle = memo(function CardTitle(p: { chain: string; address: string; symbol: string; name: string }) {
  return (
    <div className="flex min-w-0 items-center gap-1.5">
      <SafeText value={p.symbol} max={12} fallback="?" className="shrink-0 text-[13px] font-semibold text-fg" />
      <SafeText value={p.name} max={28} className="min-w-0 text-xs text-muted" />
      <WatchStar
        chain={p.chain}
        address={p.address}
        symbol={p.symbol}
        name={p.name}
        className="relative z-10 -my-1 ml-auto max-sm:my-0"
      />
    </div>
  );
});

export interface CardMetaProps {
  chain: string;
  createdAt: number;
  launchpad: Factory | null;
  websiteUrl: string | null;
  twitterUrl: string | null;
  telegramUrl: string | null;
  dexPaid: boolean;
  creatorAddress: string;
  creatorName: string | null;
  creatorAvatar: string | null;
}

export const CardMeta = memo(function CardMeta(p: CardMetaProps) {
  return (
    <div className="flex min-w-0 items-center gap-2 text-mini">
      <Age at={p.createdAt} className="font-medium text-up" />
      {p.launchpad ? (
        <Chip title={`Launchpad: ${p.launchpad.name}`} className="max-w-24 truncate">
          {p.launchpad.name}
        </Chip>
      ) : null}
      <CardSocials websiteUrl={p.websiteUrl} twitterUrl={p.twitterUrl} telegramUrl={p.telegramUrl} />
      {p.dexPaid ? <Badge kind="dexPaid" /> : null}
      <CardCreator address={p.creatorAddress} name={p.creatorName} avatarUrl={p.creatorAvatar} chain={p.chain} />
    </div>
  );
});
