"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { walletHref } from "@/components/search/search-target";
import { Address } from "@/components/ui/address";
import { Badge, Chip } from "@/components/ui/badge";
import { ExternalLink } from "@/components/ui/external-link";
import { Count } from "@/components/ui/num";
import { SafeText } from "@/components/ui/safe-text";
import { Skeleton } from "@/components/ui/skeleton";
import { TokenIcon } from "@/components/ui/token-icon";
import { type ChainId, explorerAddressUrl, type WalletProfile } from "@/lib/api/core";
import type { WalletPageQueries } from "@/lib/client/queries";
import { safeHttpsUrl, shortAddress, socialUrl } from "@/lib/format";
import { FollowButton } from "@/components/tracker/follow-button";
import { FundingLine } from "./funding-line";

/** §2.6: identities are harvested continuously, so an absent one is refetched on every visit, never final. */
/** `linkChain`: the chain the link named, carried to linked wallets of the same family (never a default). */
export function IdentityHeader({
  address,
  chain,
  linkChain,
  page,
}: {
  address: string;
  chain: ChainId;
  linkChain?: ChainId;
  page: WalletPageQueries;
}) {
  const q = useQuery({ ...page.profile, staleTime: 0, refetchOnMount: "always" });
  const profile = q.data?.data.profile ?? null;
  const linked = q.data?.data.linkedWallets ?? [];
  const explorer = explorerAddressUrl(chain, address);
  return (
    <header
      data-testid="wallet-header"
      className="flex flex-col gap-2 rounded-md border border-border bg-panel px-3 py-2.5"
    >
      <div className="flex min-w-0 flex-wrap items-center gap-3">
        <TokenIcon src={profile?.avatarUrl} seed={address} size={40} priority className="rounded-full" />
        <div className="flex min-w-0 flex-col gap-0.5">
          <h1
            className="flex min-w-0 flex-wrap items-center gap-1.5 text-[15px] leading-5 font-semibold"
            data-testid="wallet-name"
          >
            {profile?.displayName ? (
              <SafeText value={profile.displayName} max={32} />
            ) : (
              <span className="num font-mono">{shortAddress(address, 6, 4)}</span>
            )}
            {profile?.isProTrader ? <Badge kind="pro" /> : null}
            {[profile?.ensName, profile?.basename, profile?.solName].filter(Boolean).map((n) => (
              <Chip key={n} tone="neutral" title="On-chain name">
                <SafeText value={n} max={24} />
              </Chip>
            ))}
          </h1>
          <div className="flex flex-wrap items-center gap-2 text-mini text-muted">
            <Address address={address} chars={6} className="text-mini" />
            {explorer ? (
              <ExternalLink href={explorer} className="text-mini">
                Explorer
              </ExternalLink>
            ) : null}
            <FundingLine chain={chain} page={page} />
          </div>
        </div>
        <div className="ml-auto">
          <FollowButton chain={chain} wallet={address} name={profile?.displayName ?? null} />
        </div>
      </div>
      {q.isPending ? (
        <Skeleton className="h-4 w-96" />
      ) : q.isError ? (
        <p className="text-mini text-muted">
          Identity unavailable ·{" "}
          <button type="button" className="text-accent hover:underline" onClick={() => q.refetch()}>
            retry
          </button>
        </p>
      ) : profile ? (
        <ProfileDetails profile={profile} linked={linked} linkChain={linkChain} />
      ) : (
        <p className="text-xs text-muted" data-testid="no-identity">
          No known identity yet — identities are added as they are found, so this may change.
        </p>
      )}
    </header>
  );
}

function socialHref(key: string, value: string): string | null {
  if (key === "twitter" || key === "telegram") return socialUrl(key, value);
  if (key === "github" && /^[A-Za-z0-9-]{1,39}$/.test(value)) return `https://github.com/${value}`;
  if (key === "farcaster" && /^[a-z0-9][a-z0-9.-]{0,30}$/.test(value)) return `https://warpcast.com/${value}`;
  return safeHttpsUrl(value);
}

function ProfileDetails({
  profile,
  linked,
  linkChain,
}: {
  profile: WalletProfile;
  linked: string[];
  linkChain: ChainId | undefined;
}) {
  const socials = Object.entries(profile.socials);
  const followers = Object.entries(profile.followerCounts);
  return (
    <div className="flex flex-col gap-1.5 text-xs" data-testid="wallet-identity">
      {profile.bio ? (
        <p className="max-w-3xl text-muted">
          <SafeText value={profile.bio} max={280} />
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        {socials.length > 0 ? (
          <span className="flex flex-wrap items-center gap-2" data-testid="wallet-socials">
            {socials.map(([k, v]) => {
              const href = socialHref(k, v);
              return href ? (
                <ExternalLink key={k} href={href} className="text-mini">
                  <SafeText value={k} max={16} />
                </ExternalLink>
              ) : (
                <span key={k} className="text-mini text-muted" title={`${k}: ${v}`}>
                  <SafeText value={k} max={16} />: <SafeText value={v} max={24} />
                </span>
              );
            })}
          </span>
        ) : null}
        {followers.map(([net, n]) => (
          <span key={net} className="text-mini text-muted">
            <Count value={n} className="text-fg" /> on <SafeText value={net} max={16} />
          </span>
        ))}
        {profile.sources.length > 0 ? (
          <span className="text-mini text-muted">
            Sources: <SafeText value={profile.sources.join(", ")} max={80} />
          </span>
        ) : null}
      </div>
      {linked.length > 0 ? (
        <div className="flex flex-wrap items-center gap-1.5 text-mini" data-testid="linked-wallets">
          <span className="text-muted">Same person ({linked.length}):</span>
          {linked.slice(0, 12).map((w) => (
            <Link
              key={w}
              href={walletHref(
                w,
                linkChain && w.startsWith("0x") === linkChain.startsWith("evm") ? linkChain : undefined,
              )}
              prefetch={false}
              title={w}
              className="num rounded border border-border px-1 font-mono hover:border-accent hover:text-accent"
            >
              {shortAddress(w, 4, 4)}
            </Link>
          ))}
          {linked.length > 12 ? <span className="text-muted">+{linked.length - 12} more</span> : null}
        </div>
      ) : null}
    </div>
  );
}
