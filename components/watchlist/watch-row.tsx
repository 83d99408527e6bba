"use client";

import Link from "next/link";
import { shortAddress } from "@/lib/api/core";
import { useTokenUpdates } from "@/lib/client/stream/hooks";
import { Age, ChainTag, Flash, Pct, Price, SafeText, Skeleton, TokenIcon, Usd } from "@/components/ui";
import { tokenHref } from "@/components/search/search-target";
import { removeLabel, SYMBOL_GRAPHEMES, type WatchRow as Row } from "./watch-rows";

const td = "px-1.5 py-1.5 text-right align-middle sm:px-2";
/** Price, 1h, 24h, Vol, MCap, Liq: which columns narrow screens drop (the header uses the same list). */
export const CELL_VISIBILITY = [
  "",
  "hidden lg:table-cell",
  "",
  "hidden lg:table-cell",
  "",
  "hidden sm:table-cell",
] as const;

/** One starred token. Live rows hold a token-updates subscription; the rest refresh from the price batch. */
export function WatchRow({ row, live, onRemove }: { row: Row; live: boolean; onRemove: () => void }) {
  const { item, price, error, detail } = row;
  const subError = useTokenUpdates(live ? { chain: item.chain, address: item.address } : null);
  const symbol = detail?.symbol ?? item.symbol ?? "";
  const name = detail?.name ?? item.name ?? "";
  const streaming = live && !subError && !error;
  const loading = !price && !error;
  return (
    <tr
      data-testid="watch-row"
      data-address={item.address}
      className="border-b border-border/60 hover:bg-panel-raised/50"
    >
      <td className="max-w-0 py-1.5 pr-2 pl-3">
        <Link prefetch={false} href={tokenHref(item.chain, item.address)} className="flex min-w-0 items-center gap-2 rounded">
          <TokenIcon src={detail?.iconUrl ?? null} seed={item.address} size={24} />
          <span className="flex min-w-0 flex-col leading-tight">
            <span className="flex min-w-0 items-baseline gap-1.5">
              <SafeText
                value={symbol}
                max={SYMBOL_GRAPHEMES}
                fallback={shortAddress(item.address)}
                className="text-[13px] font-semibold"
              />
              <SafeText value={name} max={24} fallback="" className="hidden text-xs text-muted sm:inline-flex" />
            </span>
            <span className="flex items-center gap-1.5 text-mini text-muted">
              <ChainTag chain={item.chain} />
              <span className="num hidden font-mono sm:inline">{shortAddress(item.address)}</span>
              <span
                title={
                  streaming
                    ? "Live: streamed price updates"
                    : `Refreshed every 15 s${subError ? ` (${subError.code})` : ""}`
                }
                className={streaming ? "text-up" : "text-muted"}
              >
                {streaming ? "●" : "○"}
                <span className={streaming ? "hidden sm:inline" : "sr-only"}>{streaming ? " live" : " polled"}</span>
              </span>
            </span>
            {error ? (
              <span className="truncate text-mini text-down" data-testid="watch-row-error" title={error.message}>
                {error.code === "token_not_found" ? "Not found" : "Could not load"}{" "}
                <code className="hidden font-mono text-micro text-muted sm:inline">{error.code}</code>
              </span>
            ) : null}
          </span>
        </Link>
      </td>
      {error ? (
        CELL_VISIBILITY.map((v, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed empty cells, one per column
          <td key={i} className={`${td} ${v} text-xs text-muted`}>
            —
          </td>
        ))
      ) : loading ? (
        CELL_VISIBILITY.map((v, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder cells, one per column
          <td key={i} className={`${td} ${v}`}>
            <Skeleton className="ml-auto h-3.5 w-14" />
          </td>
        ))
      ) : (
        <>
          <td className={td} data-testid="watch-price">
            <Flash value={price?.priceUsd}>
              <Price value={price?.priceUsd} className="text-[13px]" />
            </Flash>
          </td>
          <td className={`${td} ${CELL_VISIBILITY[1]}`}>
            <Pct value={detail?.priceChange1hPct} className="text-xs" />
          </td>
          <td className={td}>
            <Pct value={price?.priceChange24hPct} className="text-xs" />
          </td>
          <td className={`${td} ${CELL_VISIBILITY[3]}`}>
            <Usd value={detail?.volume24hUsd} className="text-xs" />
          </td>
          <td className={td}>
            <Flash value={price?.marketCapUsd}>
              <Usd value={price?.marketCapUsd} className="text-xs" />
            </Flash>
          </td>
          <td className={`${td} ${CELL_VISIBILITY[5]}`}>
            <Usd value={price?.liquidityUsd} className="text-xs" />
          </td>
        </>
      )}
      <td className={`${td} hidden text-xs text-muted md:table-cell`}>
        <Age at={item.addedAt || null} />
      </td>
      <td className="w-8 pr-2 text-right">
        <button
          type="button"
          onClick={onRemove}
          aria-label={removeLabel(symbol, item.address)}
          title="Remove"
          className="inline-flex size-6 items-center justify-center rounded text-muted hover:bg-panel-raised hover:text-down"
        >
          <svg viewBox="0 0 20 20" aria-hidden="true" className="size-3.5 stroke-current" strokeWidth="1.8">
            <path d="M5 5l10 10M15 5L5 15" strokeLinecap="round" />
          </svg>
        </button>
      </td>
    </tr>
  );
}
