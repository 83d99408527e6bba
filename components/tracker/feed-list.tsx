"use client";

import Link from "next/link";
import { memo } from "react";
import { tokenHref, walletHref } from "@/components/search/search-target";
import { Age } from "@/components/ui/age";
import { ChainTag } from "@/components/ui/chain-tag";
import { ExternalLink } from "@/components/ui/external-link";
import { Num, Usd } from "@/components/ui/num";
import { SafeText } from "@/components/ui/safe-text";
import { explorerTxUrl } from "@/lib/api/core";
import type { FeedRow } from "@/lib/client/tracker";
import { shortAddress } from "@/lib/format";

export interface FeedListProps {
  rows: readonly FeedRow[];
  nameOf(chain: string, wallet: string): string | undefined;
  symbolOf(chain: string, token: string): string | undefined;
}

// Phones: two lines a trade (side and token, USD / wallet, chain, age); wider screens: one line in columns.
const GRID =
  "grid grid-cols-[minmax(0,1fr)_auto_auto] [grid-template-areas:'tok_tok_usd'_'who_chain_age'] items-center gap-x-2 gap-y-0.5 sm:grid-cols-[3.5rem_minmax(0,11rem)_3rem_minmax(0,1fr)_6rem_5.5rem_3.5rem_2rem] sm:[grid-template-areas:'age_who_side_tok_amt_usd_chain_tx']";

/** The merged feed: a table's columns on wide screens, two lines per trade on phones. */
export function FeedList({ rows, nameOf, symbolOf }: FeedListProps) {
  return (
    <div className="relative min-h-0 flex-1 overflow-y-auto">
      <div
        aria-hidden="true"
        className={`${GRID} sticky top-0 z-10 hidden border-b border-border bg-panel px-3 py-1.5 text-micro font-semibold tracking-wide text-muted uppercase sm:grid`}
      >
        <span>Age</span>
        <span>Wallet</span>
        <span>Side</span>
        <span>Token</span>
        <span className="text-right">Amount</span>
        <span className="text-right">USD</span>
        <span>Chain</span>
        <span />
      </div>
      <ol aria-label="Trades of followed wallets">
        {rows.map((r) => (
          <FeedItem
            key={r.key}
            row={r}
            name={nameOf(r.chain, r.wallet)}
            symbol={"tokenSymbol" in r ? r.tokenSymbol : symbolOf(r.chain, r.tokenAddress)}
          />
        ))}
      </ol>
    </div>
  );
}

const FeedItem = memo(function FeedItem({ row: r, name, symbol }: { row: FeedRow; name?: string; symbol?: string }) {
  const tx = explorerTxUrl(r.chain, r.txHash);
  const side = r.isBuy ? "text-up" : "text-down";
  return (
    <li
      data-testid="feed-row"
      data-key={r.key}
      data-side={r.isBuy ? "buy" : "sell"}
      data-chain={r.chain}
      data-wallet={r.wallet}
      data-token={r.tokenAddress}
      data-usd={r.volumeUsd}
      className={`${GRID} num border-b border-border/60 px-3 py-1 text-xs hover:bg-panel-raised`}
    >
      <Age at={r.at} className="text-right text-muted [grid-area:age] sm:text-left" />
      <Link
        href={walletHref(r.wallet, r.chain)}
        prefetch={false}
        data-testid="feed-wallet"
        className="min-w-0 truncate font-medium [grid-area:who] hover:text-accent"
        title={r.wallet}
      >
        {name ? <SafeText value={name} max={20} /> : <span className="font-mono">{shortAddress(r.wallet, 4, 4)}</span>}
      </Link>
      <span className={`hidden font-semibold [grid-area:side] sm:inline ${side}`}>{r.isBuy ? "Buy" : "Sell"}</span>
      <Link
        href={tokenHref(r.chain, r.tokenAddress)}
        prefetch={false}
        data-testid="feed-token"
        className="flex min-w-0 items-center gap-1 [grid-area:tok] hover:text-accent"
        title={r.tokenAddress}
      >
        <span className={`font-semibold sm:hidden ${side}`}>{r.isBuy ? "Buy" : "Sell"}</span>
        {symbol ? (
          <SafeText value={symbol} max={12} className="truncate" />
        ) : (
          <span className="truncate font-mono text-muted">{shortAddress(r.tokenAddress, 4, 4)}</span>
        )}
      </Link>
      <span className="hidden text-right text-muted [grid-area:amt] sm:inline">
        <Num value={r.amountToken} />
      </span>
      <span className={`text-right font-semibold [grid-area:usd] ${side}`}>
        <Usd value={r.volumeUsd} />
      </span>
      <span className="justify-self-end [grid-area:chain] sm:justify-self-start">
        <ChainTag chain={r.chain} />
      </span>
      <span className="hidden [grid-area:tx] sm:inline">
        {tx ? (
          <ExternalLink href={tx} className="text-mini">
            tx
          </ExternalLink>
        ) : null}
      </span>
    </li>
  );
});
