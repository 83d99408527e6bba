"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { walletHref } from "@/components/search/search-target";
import { Age } from "@/components/ui/age";
import { ChainTag } from "@/components/ui/chain-tag";
import { Usd } from "@/components/ui/num";
import { SafeText } from "@/components/ui/safe-text";
import { FOLLOW_NAME_MAX, type FollowedWallet, followKey, type WalletStatus } from "@/lib/client/tracker";
import { trackerPnlOptions } from "@/lib/client/tracker/instance";
import { useFollows } from "@/lib/client/tracker/store";
import { shortAddress } from "@/lib/format";

/** The followed wallets, one line each: name, chain, last trade, 7d realized PnL; rename and unfollow in place. */
export function WalletList({
  wallets,
  status,
}: {
  wallets: readonly FollowedWallet[];
  status: Readonly<Record<string, WalletStatus>>;
}) {
  return (
    <ul aria-label="Followed wallets" className="relative min-h-0 flex-1 overflow-y-auto" data-testid="followed-wallets">
      {wallets.map((w) => (
        <WalletLine key={followKey(w.chain, w.address)} wallet={w} status={status[followKey(w.chain, w.address)]} />
      ))}
    </ul>
  );
}

function WalletLine({ wallet: w, status }: { wallet: FollowedWallet; status: WalletStatus | undefined }) {
  // Read by the tracker's poller (round-robin, bounded); this line only watches the cache.
  const pnl = useQuery({ ...trackerPnlOptions(w), enabled: false });
  const rename = useFollows((s) => s.rename);
  const unfollow = useFollows((s) => s.unfollow);
  const [editing, setEditing] = useState(false);
  const realized = pnl.data?.data.summary.realizedPnlUsd;
  return (
    <li
      data-testid="followed-wallet"
      data-chain={w.chain}
      data-address={w.address}
      className="num grid grid-cols-[minmax(0,1fr)_auto_auto] items-center gap-x-2 border-b border-border/60 px-3 py-1.5 text-xs hover:bg-panel-raised"
    >
      <div className="flex min-w-0 items-center gap-1.5">
        <ChainTag chain={w.chain} />
        {editing ? (
          <input
            // biome-ignore lint/a11y/noAutofocus: the trader just asked to rename this wallet
            autoFocus
            aria-label="Wallet name"
            defaultValue={w.name ?? ""}
            maxLength={FOLLOW_NAME_MAX}
            onBlur={(e) => {
              rename(w.chain, w.address, e.currentTarget.value);
              setEditing(false);
            }}
            onKeyDown={(e) => {
              if (e.key === "Enter") e.currentTarget.blur();
              if (e.key === "Escape") setEditing(false);
            }}
            className="h-6 min-w-0 flex-1 rounded border border-accent bg-panel-raised px-1.5 text-xs"
          />
        ) : (
          <>
            <Link
              href={walletHref(w.address, w.chain)}
              prefetch={false}
              title={w.address}
              className="min-w-0 truncate font-medium hover:text-accent"
              data-testid="followed-wallet-link"
            >
              {w.name ? (
                <SafeText value={w.name} max={FOLLOW_NAME_MAX} />
              ) : (
                <span className="font-mono">{shortAddress(w.address, 4, 4)}</span>
              )}
            </Link>
            <button
              type="button"
              onClick={() => setEditing(true)}
              className="shrink-0 text-micro text-muted hover:text-fg"
              aria-label={`Rename ${w.name ?? shortAddress(w.address, 4, 4)}`}
              title="Rename"
            >
              ✎
            </button>
          </>
        )}
      </div>
      <div className="flex flex-col items-end leading-4" title="Last trade · 7d realized PnL">
        <span className="text-mini text-muted" data-testid="followed-last-trade">
          {status?.error ? (
            <span className="text-amber-300" title={status.error}>
              not loaded
            </span>
          ) : status?.readAt == null ? (
            "…"
          ) : status.lastTradeAt ? (
            <Age at={status.lastTradeAt} suffix=" ago" />
          ) : (
            "no trades"
          )}
        </span>
        <span data-testid="followed-pnl">
          {realized === undefined ? <span className="text-muted">…</span> : <Usd value={realized} signed />}
          <span className="ml-1 text-micro text-muted">7d</span>
        </span>
      </div>
      <button
        type="button"
        onClick={() => unfollow(w.chain, w.address)}
        aria-label={`Unfollow ${w.name ?? shortAddress(w.address, 4, 4)}`}
        title="Unfollow"
        className="rounded px-1 text-muted hover:text-down"
      >
        ✕
      </button>
    </li>
  );
}
