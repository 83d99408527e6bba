"use client";

import { useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useCallback, useEffect, useMemo, useState } from "react";
import type { ChartMetric } from "@/components/chart/bars";
import { ChartPanel } from "@/components/chart/chart-panel";
import { intervalLabel } from "@/components/chart/intervals";
import type { TradeMarker } from "@/components/chart/markers";
import { cn } from "@/components/ui/cn";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { panelId, TabPanel, Tabs } from "@/components/ui/tabs";
import { whenIdle } from "@/components/ui/when-idle";
import { ApiError, type ChainId, type CohortId, chainInfo, type OhlcvInterval, type Quote } from "@/lib/api/core";
import { cohortsOptions, tokenOptions, tokenPageQueries } from "@/lib/client/queries";
import { useTokenUpdates } from "@/lib/client/stream/hooks";
import { safeText } from "@/lib/format";
import { cohortMarkers } from "./cohorts/cohort-view";
import { MakerMarkers } from "./maker-markers";
import { PoolSelect } from "./pool-select";
import { selectPools } from "./pools";
import { TokenHeader } from "./token-header";
import { TokenNotFound } from "./token-not-found";
import { preloadSidePanels, SIDE_TABS, TokenSidePanel } from "./token-side-panel";
import { PHONE_FIRST_PAINT_ROWS, TradeTape } from "./trade-tape";
import { useTokenView } from "./use-view-state";
import { chartQuoteOf, TOKEN_TABS, type TokenList, type TokenTab, type WashView } from "./view-state";

type PhoneTab = TokenTab | "traders";
const PHONE_TABS: readonly { value: PhoneTab; label: string }[] = [
  { value: "trades", label: "Trades" },
  { value: "traders", label: "Traders" },
  ...SIDE_TABS,
];
/** The phone's tabs show the list tabs' and the side tabs' own panels: aria-controls points at those. */
const phonePanelId = (tab: PhoneTab) =>
  tab === "trades" || tab === "traders" ? panelId("token-list", tab) : panelId("token-side", tab);
// Trades is the list a page opens on: the top traders' code is fetched when their tab is first shown (with the page
// when a link opens on it), or once the page is idle, with the side panels'.
const loadTraders = () => import("./traders-panel").then((m) => m.TradersPanel);
const TradersPanel = dynamic(loadTraders, { loading: () => <Skeleton className="min-h-40 flex-1" /> });
const preloadPanels = () => {
  void loadTraders();
  preloadSidePanels();
};

const LIST_TABS: readonly { value: TokenList; label: string }[] = [
  { value: "trades", label: "Trades" },
  { value: "traders", label: "Top traders" },
];

export interface TokenViewProps {
  chain: ChainId;
  address: string;
  /** The interval shown when the URL names none (chosen on the server from the token's age). */
  defaultInterval: OhlcvInterval;
  /** A phone's browser (its user agent, on the server): the tape under the chart draws only its first rows with the HTML. */
  phone?: boolean;
}

export function TokenView({ chain, address, defaultInterval, phone = false }: TokenViewProps) {
  const [view, setView] = useTokenView(chain);
  useEffect(() => whenIdle(preloadPanels), []);
  const ref = { chain, address };
  const tokenQ = useQuery(tokenOptions(ref));
  useTokenUpdates(ref);
  const page = tokenPageQueries(ref);
  const metaQ = useQuery(page.metadata);
  const secQ = useQuery(page.security);
  const pricesQ = useQuery(page.nativePrices);
  const poolsQ = useQuery(page.pools);
  const factoriesQ = useQuery(page.factories);
  const [markers, setMarkers] = useState<TradeMarker[]>([]);
  const [cohortMark, setCohortMark] = useState<CohortId | null>(null);
  // The cohort report (tens of kB, refreshed every 30 s) is read here only for the chart's marks of a chosen cohort;
  // the cohorts panel reads the same query while it is open, so choosing a cohort there finds it in the cache.
  const cohortsQ = useQuery({ ...cohortsOptions(ref), enabled: cohortMark !== null });

  const token = tokenQ.data?.data;
  const poolList = poolsQ.data?.data ?? [];
  const pools = useMemo(
    () => selectPools(poolsQ.data?.data ?? [], view.pool, token?.pool?.address ?? null),
    [poolsQ.data, view.pool, token?.pool?.address],
  );
  const factoryNames = useMemo(
    () => new Map((factoriesQ.data?.data ?? []).map((f) => [f.address.toLowerCase(), f.name])),
    [factoriesQ.data],
  );
  const factoryName = useCallback(
    (a: string | null) => (a ? (factoryNames.get(a.toLowerCase()) ?? null) : null),
    [factoryNames],
  );
  const onMaker = useCallback((maker: string | null) => setView({ maker }), [setView]);
  const interval = view.interval ?? defaultInterval;
  const cohortReport = cohortsQ.data?.data;
  const cohortMarks = useMemo(
    () => (cohortMark && cohortReport ? cohortMarkers(cohortReport, cohortMark, interval) : []),
    [cohortMark, cohortReport, interval],
  );
  const onPool = useCallback((pool: string | null) => setView({ pool }), [setView]);
  // The chart, the tape and the traders are memoised: what they get stays the same object while nothing of theirs
  // changed, so a live token update (50 a second under a storm) redraws the header and the side panel only.
  const onWash = useCallback((wash: WashView) => setView({ wash }), [setView]);
  const onInterval = useCallback((i: OhlcvInterval) => setView({ interval: i }), [setView]);
  const onQuote = useCallback((q: Quote) => setView({ quote: q }), [setView]);
  const onMetric = useCallback((m: ChartMetric) => setView({ metric: m }), [setView]);
  const onEvidence = useCallback(
    (id: CohortId) => {
      setCohortMark(id);
      setView({ tab: "cohorts" });
    },
    [setView],
  );
  // §4.5: the service converts to USD on Solana only; EVM candles are drawn at the current native/USD price.
  const quote = chartQuoteOf(chain, view);
  const candles = useMemo(() => ({ chain, address, pools, interval, quote }), [chain, address, pools, interval, quote]);
  const poolSelect = useMemo(
    () => (
      <PoolSelect pools={poolsQ.data?.data ?? []} selected={view.pool} factoryName={factoryName} onSelect={onPool} />
    ),
    [poolsQ.data, view.pool, factoryName, onPool],
  );

  if (tokenQ.error instanceof ApiError && tokenQ.error.code === "token_not_found")
    return <TokenNotFound chain={chain} address={address} />;
  if (tokenQ.error)
    return <ErrorState error={tokenQ.error} onRetry={() => tokenQ.refetch()} title="This token could not load" />;
  if (!token) return <Skeleton className="h-16 w-full" />;

  const info = chainInfo(chain);
  // no symbol is shown while neither the chain nor a pool names the quote
  const nativeSymbol = info?.nativeSymbol ?? token.quoteSymbol ?? "";
  const supply = Number(token.totalSupply) > 0 ? Number(token.totalSupply) : null;
  const nativeUsd = pricesQ.data?.data[chain]?.priceUsd ?? null;
  const usdRate = chain !== "solana" && view.quote === "usd" && nativeUsd ? nativeUsd : undefined;
  const symbol = safeText(token.symbol, { maxGraphemes: 12 }).text || "?";
  const quoteLabel = quote === "usd" || usdRate ? "USD" : nativeSymbol;
  const onTab = (tab: TokenTab) => setView({ tab });
  const onPhoneTab = (tab: PhoneTab) =>
    tab === "traders" || tab === "trades" ? setView({ tab: "trades", list: tab }) : setView({ tab });
  const phoneTab: PhoneTab = view.tab === "trades" ? view.list : view.tab;

  return (
    <div
      className="flex flex-col gap-2"
      data-testid="token-view"
      data-chain={chain}
      data-address={address}
      data-pools={pools.join(",")}
    >
      <TokenHeader chain={chain} token={token} meta={metaQ.data?.data} security={secQ.data?.data} />
      {view.maker && pools.length > 0 ? (
        <MakerMarkers
          chain={chain}
          address={address}
          pools={pools}
          maker={view.maker}
          interval={interval}
          onMarkers={setMarkers}
        />
      ) : null}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-2 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[minmax(22rem,55vh)_30rem]">
        {pools.length > 0 ? (
          <ChartPanel
            className="h-[50vh] min-h-80 lg:col-start-1 lg:row-start-1 lg:h-auto"
            input={candles}
            metric={view.metric}
            supply={supply}
            nativeSymbol={nativeSymbol}
            usdMode={chain === "solana" ? "service" : "rate"}
            usdRate={usdRate}
            title={`${symbol}/${quoteLabel} · ${intervalLabel(interval)}${view.metric === "mcap" ? " · MCap" : ""}`}
            markers={view.maker ? markers : cohortMarks}
            onInterval={onInterval}
            onQuote={onQuote}
            onMetric={onMetric}
            toolbar={poolSelect}
          />
        ) : (
          <div className="h-[50vh] rounded-md border border-border bg-panel lg:col-start-1 lg:row-start-1 lg:h-auto">
            {poolsQ.error ? (
              <ErrorState error={poolsQ.error} title="Pools could not load" compact />
            ) : (
              <Skeleton className="h-full" />
            )}
          </div>
        )}
        <Tabs
          idBase="token-phone"
          label="Token sections"
          items={PHONE_TABS}
          value={(TOKEN_TABS as readonly string[]).includes(view.tab) ? phoneTab : "trades"}
          onValueChange={onPhoneTab}
          panelIdOf={phonePanelId}
          className="lg:hidden"
        />
        <div
          className={cn(
            "flex h-[60vh] min-h-0 flex-col gap-1 lg:col-start-1 lg:row-start-2 lg:flex lg:h-auto",
            view.tab !== "trades" && "hidden",
          )}
        >
          <Tabs
            idBase="token-list"
            label="Trades or top traders"
            items={LIST_TABS}
            value={view.list}
            onValueChange={(list) => setView({ list })}
            className="hidden shrink-0 lg:flex"
          />
          <TabPanel idBase="token-list" value="traders" active={view.list === "traders"} className="flex min-h-0 min-w-0 flex-1">
            <TradersPanel className="min-h-0 min-w-0 flex-1" chain={chain} address={address} onEvidence={onEvidence} />
          </TabPanel>
          <TabPanel idBase="token-list" value="trades" active={view.list === "trades"} className="flex min-h-0 min-w-0 flex-1">
            {pools.length > 0 ? (
              <TradeTape
                className="min-h-0 min-w-0 flex-1"
                chain={chain}
                address={address}
                pools={pools}
                maker={view.maker}
                wash={view.wash}
                nativeSymbol={nativeSymbol}
                onMaker={onMaker}
                onWash={onWash}
                firstPaintRows={phone ? PHONE_FIRST_PAINT_ROWS : undefined}
              />
            ) : null}
          </TabPanel>
        </div>
        <aside
          aria-label="Token details"
          className={cn(
            "min-h-0 flex-col rounded-md border border-border bg-panel lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:flex",
            view.tab === "trades" ? "hidden" : "flex",
          )}
        >
          <TokenSidePanel
            chain={chain}
            token={token}
            meta={metaQ.data?.data}
            pools={poolList}
            poolCount={poolsQ.data ? poolList.length : null}
            tab={view.tab}
            selectedPool={view.pool}
            factoryName={factoryName}
            onTab={onTab}
            onPool={onPool}
            cohortMark={cohortMark}
            onCohortMark={setCohortMark}
          />
        </aside>
      </div>
    </div>
  );
}
