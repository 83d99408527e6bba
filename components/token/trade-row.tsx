"use client";

import Link from "next/link";
import { memo } from "react";
import { walletHref } from "@/components/search/search-target";
import { Age } from "@/components/ui/age";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { ExternalLink } from "@/components/ui/external-link";
import { ExternalIcon } from "@/components/ui/icons";
import { SafeText } from "@/components/ui/safe-text";
import { explorerTxUrl, type TokenTrade, tradeKey } from "@/lib/api/core";
import { formatCompact, formatPrice, formatUsd, safeHttpsUrl, shortAddress } from "@/lib/format";
import type { MakerName } from "./maker-names";

export const ROW_HEIGHT = 28;
// Phone: age, side, USD, maker (a name or both address ends must fit); amount, quote amount and price join from `sm` up.
export const TAPE_COLUMNS =
  "grid grid-cols-[2.25rem_2rem_minmax(0,0.8fr)_minmax(0,2fr)_1.5rem] sm:grid-cols-[3.25rem_2.75rem_minmax(0,0.9fr)_minmax(0,1fr)_minmax(0,0.9fr)_minmax(0,1fr)_minmax(0,1.8fr)_1.5rem] items-center gap-x-2 px-2";

export interface TradeRowProps {
  trade: TokenTrade;
  chain: string;
  name: MakerName | null | undefined;
  activeMaker: boolean;
  onMaker(address: string): void;
  /**
   * Distance of the row's bottom edge from the bottom of the list (px). The newest row is on top, so a new trade
   * leaves every other row's distance from the bottom as it was: the rows on screen keep their props and are not
   * rendered again for each batch of new rows (an offset from the top would change for all of them). The row is laid
   * out at the list's top and moved into place by a transform against the list's height (`--tape-h`, set on the list):
   * a new row changes that variable, not where any row is laid out, so it is no layout shift (rows anchored to the
   * list's bottom moved with every new trade, and a busy tape shifted 0.08 in its first 8 s).
   */
  fromBottom: number;
}

/** One tape row: age, side, USD, token amount, quote amount, USD price, maker with badges, tx link. */
export const TradeRow = memo(function TradeRow({
  trade: t,
  chain,
  name,
  activeMaker,
  onMaker,
  fromBottom,
}: TradeRowProps) {
  const side = t.isBuy ? "text-up" : "text-down";
  const priceUsd = t.amountToken > 0 ? t.volumeUsd / t.amountToken : null;
  const tx = safeHttpsUrl(explorerTxUrl(chain, t.txHash));
  const label = name?.name ?? null;
  return (
    <li
      data-testid="trade-row"
      data-tx={t.txHash}
      data-key={tradeKey(t)}
      data-maker={t.maker}
      data-preconfirmed={t.preconfirmed ? "true" : "false"}
      className={cn(
        TAPE_COLUMNS,
        "absolute inset-x-0 top-0 h-7 border-b border-border/40 text-xs hover:bg-panel-raised",
        t.preconfirmed && "bg-panel-raised/40 italic",
      )}
      style={{ transform: `translateY(calc(var(--tape-h) - ${fromBottom + ROW_HEIGHT}px))` }}
    >
      <span className="text-muted">
        {/* Age counts on the market's clock (lib/client/server-clock). */}
        <Age at={t.at} />
      </span>
      <span className={cn("font-medium", side)}>{t.isBuy ? "Buy" : "Sell"}</span>
      <span className={cn("num truncate text-right", side)} title={`$${t.volumeUsd}`}>
        {formatUsd(t.volumeUsd)}
      </span>
      <span className="num hidden truncate text-right sm:block" title={String(t.amountToken)}>
        {formatCompact(t.amountToken)}
      </span>
      <span className="num hidden truncate text-right text-muted sm:block" title={String(t.amountQuote)}>
        {formatCompact(t.amountQuote)}
      </span>
      <span className="num hidden truncate text-right sm:block" title={`${t.priceNative} native`}>
        {priceUsd === null ? "—" : `$${formatPrice(priceUsd)}`}
      </span>
      <span className="flex min-w-0 items-center gap-1">
        <button
          type="button"
          onClick={() => onMaker(t.maker)}
          title={activeMaker ? "Show all makers" : `Only trades by ${t.maker}`}
          aria-pressed={activeMaker}
          data-testid="maker-filter"
          className={cn(
            "num min-w-0 truncate text-left font-mono hover:text-accent max-sm:min-h-6 max-sm:min-w-6",
            activeMaker ? "text-accent" : label ? "text-fg" : "text-muted",
          )}
        >
          {label ? <SafeText value={label} max={16} /> : shortAddress(t.maker, 4, 4)}
        </button>
        <Link
          href={walletHref(t.maker, chain)}
          prefetch={false}
          aria-label="Open wallet"
          title="Open wallet"
          className="inline-flex shrink-0 items-center justify-center text-muted hover:text-accent max-sm:size-6"
        >
          <ExternalIcon className="size-2.5" />
        </Link>
        <span className="flex shrink-0 items-center gap-0.5">
          {t.isProTrader || name?.isPro ? <Badge kind="pro" /> : null}
          {t.isSniper ? <Badge kind="sniper" /> : null}
          {t.isWash ? <Badge kind="wash" /> : null}
          {t.preconfirmed ? <Badge kind="preconfirmed" /> : null}
        </span>
      </span>
      <span className="flex justify-end">
        {tx ? (
          <ExternalLink href={tx} className="justify-center opacity-70 hover:opacity-100 max-sm:size-6">
            <span className="sr-only">View transaction</span>
          </ExternalLink>
        ) : null}
      </span>
    </li>
  );
});
