"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import type { ChartMetric } from "@/components/chart/bars";
import { ChartPanel } from "@/components/chart/chart-panel";
import { intervalLabel } from "@/components/chart/intervals";
import { useOverlay } from "@/components/layout/overlay-store";
import { tokenHref } from "@/components/search/search-target";
import { selectPools } from "@/components/token/pools";
import { ChainTag } from "@/components/ui/chain-tag";
import { ErrorState } from "@/components/ui/error-state";
import { SafeText } from "@/components/ui/safe-text";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError, chainInfo } from "@/lib/api/core";
import { nativePricesOptions, tokenOptions, tokenPoolsOptions } from "@/lib/client/queries";
import { safeText } from "@/lib/format";
import { CellLiveBadge } from "./cell-live-badge";
import { CellPicker } from "./cell-picker";
import type { ChartCell, ChartSpec } from "./layout-codec";

const CELL_BTN = "rounded px-1.5 py-0.5 text-mini text-muted hover:bg-panel-raised hover:text-fg";

export interface ChartCellProps {
  index: number;
  cell: ChartCell;
  onChange(cell: ChartCell): void;
  className?: string;
}

/** One cell of the grid: a live chart (the token page's chart panel), an empty slot, or what was wrong with its URL entry. */
export function ChartCellView({ index, cell, onChange, className }: ChartCellProps) {
  return (
    <div
      data-testid="chart-cell"
      data-index={index}
      data-kind={cell.kind}
      data-token={cell.kind === "chart" ? `${cell.chain}:${cell.address}` : undefined}
      className={`flex min-h-0 min-w-0 flex-col rounded-md border border-border bg-panel ${className ?? ""}`}
    >
      {cell.kind === "chart" ? (
        <LiveCell index={index} spec={cell} onChange={onChange} />
      ) : cell.kind === "error" ? (
        <div
          className="flex flex-1 flex-col items-center justify-center gap-2 p-3 text-center"
          data-testid="cell-error"
        >
          <p role="alert" className="text-xs text-down">
            {cell.message}
          </p>
          <code className="max-w-full truncate rounded bg-panel-raised px-1.5 py-0.5 text-mini text-muted">
            <SafeText value={cell.raw} max={80} />
          </code>
          <CellPicker index={index} onPick={onChange} onClear={() => onChange({ kind: "empty" })} />
        </div>
      ) : (
        <div className="flex flex-1 flex-col items-center justify-center gap-2 p-3 text-center text-xs text-muted">
          <p>Chart {index + 1}: choose a token</p>
          <CellPicker index={index} onPick={onChange} />
        </div>
      )}
    </div>
  );
}

function LiveCell({ index, spec, onChange }: { index: number; spec: ChartSpec; onChange(cell: ChartCell): void }) {
  const ref = { chain: spec.chain, address: spec.address };
  const tokenQ = useQuery(tokenOptions(ref));
  const poolsQ = useQuery(tokenPoolsOptions(ref));
  const pricesQ = useQuery(nativePricesOptions());
  const [metric, setMetric] = useState<ChartMetric>("price");
  const openPicker = useOverlay((s) => s.openPicker);
  const token = tokenQ.data?.data;
  const pools = selectPools(poolsQ.data?.data ?? [], null, token?.pool?.address ?? null);
  const solana = spec.chain === "solana";
  const nativeSymbol = chainInfo(spec.chain)?.nativeSymbol ?? token?.quoteSymbol ?? "";
  const nativeUsd = pricesQ.data?.data[spec.chain]?.priceUsd ?? null;
  // §4.5: the service converts to USD on Solana only; EVM candles are drawn at the current native/USD price.
  const usdRate = !solana && spec.quote === "usd" && nativeUsd ? nativeUsd : undefined;
  const symbol = token ? safeText(token.symbol, { maxGraphemes: 12 }).text || "?" : "…";
  const quoteLabel = spec.quote === "usd" && (solana || usdRate) ? "USD" : nativeSymbol;
  const input = {
    chain: spec.chain,
    address: spec.address,
    pools,
    interval: spec.interval,
    quote: solana ? spec.quote : "native",
  } as const;
  const set = (patch: Partial<ChartSpec>) => onChange({ kind: "chart", ...spec, ...patch });
  const notFound = tokenQ.error instanceof ApiError && tokenQ.error.code === "token_not_found";

  return (
    <>
      <div className="flex min-w-0 items-center gap-1.5 border-b border-border px-2 py-1">
        <ChainTag chain={spec.chain} />
        <Link
          href={tokenHref(spec.chain, spec.address)}
          prefetch={false}
          className="min-w-0 truncate text-xs font-semibold hover:text-accent"
          data-testid="cell-symbol"
          title={spec.address}
        >
          {symbol}
          <span className="font-normal text-muted">/{quoteLabel}</span>
        </Link>
        {pools.length > 0 ? <CellLiveBadge input={input} /> : null}
        <span className="ml-auto flex shrink-0 items-center">
          <button
            type="button"
            className={CELL_BTN}
            data-testid="cell-change"
            onClick={() =>
              openPicker(`Choose a token for chart ${index + 1}`, (t) =>
                onChange({
                  kind: "chart",
                  chain: t.chain as ChartSpec["chain"],
                  address: t.address,
                  interval: spec.interval,
                  quote: spec.quote,
                }),
              )
            }
          >
            Change
          </button>
          <button
            type="button"
            className={CELL_BTN}
            aria-label={`Remove chart ${index + 1}`}
            title="Remove this chart"
            onClick={() => onChange({ kind: "empty" })}
          >
            ✕
          </button>
        </span>
      </div>
      {notFound ? (
        <div
          className="flex flex-1 items-center justify-center p-3 text-xs text-down"
          role="alert"
          data-testid="cell-error"
        >
          No token at this address on {chainInfo(spec.chain)?.name ?? spec.chain}
        </div>
      ) : tokenQ.error || poolsQ.error ? (
        <ErrorState
          error={tokenQ.error ?? poolsQ.error}
          title="This chart could not load"
          compact
          onRetry={() => {
            void tokenQ.refetch();
            void poolsQ.refetch();
          }}
        />
      ) : pools.length === 0 || !token ? (
        <Skeleton className="m-2 flex-1" />
      ) : (
        <ChartPanel
          className="min-h-0 flex-1 rounded-none border-0"
          input={input}
          metric={metric}
          supply={Number(token.totalSupply) > 0 ? Number(token.totalSupply) : null}
          nativeSymbol={nativeSymbol}
          usdMode={solana ? "service" : "rate"}
          usdRate={usdRate}
          title={`${symbol}/${quoteLabel} · ${intervalLabel(spec.interval)}`}
          markers={[]}
          onInterval={(interval) => set({ interval })}
          onQuote={(quote) => set({ quote })}
          onMetric={setMetric}
        />
      )}
    </>
  );
}
