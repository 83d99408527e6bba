"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";
import { TabPanel, Tabs } from "@/components/ui/tabs";
import type { ChainId, CohortId, TokenDetail, TokenMetadata, TokenPool } from "@/lib/api/core";
import { StatsPanel } from "./stats-panel";
import type { TokenTab } from "./view-state";

// Stats is the panel a page opens on; the others are not in the page's first load: each is fetched when its tab is
// first shown (the server renders the one a link opens on, and its code comes with the page), and all of them once the
// page is idle (TokenView), so a click never waits for one.
const loadPools = () => import("./pools-panel").then((m) => m.PoolsPanel);
const loadHolders = () => import("./holders-panel").then((m) => m.HoldersPanel);
const loadCohorts = () => import("./cohorts/cohort-panel").then((m) => m.CohortPanel);
const loadAlerts = () => import("@/components/alerts/token-alerts").then((m) => m.TokenAlerts);
const loadAbout = () => import("./about-panel").then((m) => m.AboutPanel);
const panelLoading = () => <Skeleton className="m-3 h-40" />;
const PoolsPanel = dynamic(loadPools, { loading: panelLoading });
const HoldersPanel = dynamic(loadHolders, { loading: panelLoading });
const CohortPanel = dynamic(loadCohorts, { loading: panelLoading });
const TokenAlerts = dynamic(loadAlerts);
const AboutPanel = dynamic(loadAbout, { loading: panelLoading });

/** The side panels' code, ahead of a click. */
export function preloadSidePanels(): void {
  for (const load of [loadPools, loadHolders, loadCohorts, loadAlerts, loadAbout]) void load();
}

export type SideTab = Exclude<TokenTab, "trades">;
export const SIDE_TABS: readonly { value: SideTab; label: string }[] = [
  { value: "pools", label: "Pools" },
  { value: "holders", label: "Holders" },
  { value: "cohorts", label: "Cohorts" },
  { value: "stats", label: "Stats" },
  { value: "about", label: "About" },
];
/** What the side panel shows while the phone layout's "Trades" tab is selected (desktop shows both). */
export const DEFAULT_SIDE_TAB: SideTab = "stats";

export function sideTabOf(tab: TokenTab): SideTab {
  return tab === "trades" ? DEFAULT_SIDE_TAB : tab;
}

export interface TokenSidePanelProps {
  chain: ChainId;
  token: TokenDetail;
  meta: TokenMetadata | null | undefined;
  pools: readonly TokenPool[];
  poolCount: number | null;
  tab: TokenTab;
  selectedPool: string | null;
  factoryName(address: string | null): string | null;
  onTab(tab: TokenTab): void;
  onPool(pool: string | null): void;
  /** The cohort whose trades the chart marks. */
  cohortMark: CohortId | null;
  onCohortMark(id: CohortId | null): void;
}

/** Pools / Holders / Stats / About: a side column on desktop, tabs under the chart on a phone. */
export function TokenSidePanel(p: TokenSidePanelProps) {
  const side = sideTabOf(p.tab);
  const items = SIDE_TABS.map((t) => (t.value === "pools" ? { ...t, count: p.poolCount } : t));
  return (
    <>
      <Tabs
        idBase="token-side"
        label="Token details"
        items={items}
        value={side}
        onValueChange={p.onTab}
        className="hidden shrink-0 lg:flex"
      />
      <div className="relative min-h-0 flex-1 overflow-y-auto">
        {SIDE_TABS.map((t) => (
          <TabPanel key={t.value} idBase="token-side" value={t.value} active={side === t.value}>
            {t.value === "pools" ? (
              <PoolsPanel pools={p.pools} selected={p.selectedPool} factoryName={p.factoryName} onSelect={p.onPool} />
            ) : t.value === "holders" ? (
              <HoldersPanel chain={p.chain} address={p.token.address} />
            ) : t.value === "cohorts" ? (
              <>
                <CohortPanel chain={p.chain} address={p.token.address} marked={p.cohortMark} onMark={p.onCohortMark} />
                <TokenAlerts
                  chain={p.chain}
                  address={p.token.address}
                  label={p.token.symbol.slice(0, 24)}
                  migrated={p.token.migrated}
                />
              </>
            ) : t.value === "stats" ? (
              <StatsPanel chain={p.chain} address={p.token.address} />
            ) : (
              <AboutPanel chain={p.chain} token={p.token} meta={p.meta} />
            )}
          </TabPanel>
        ))}
      </div>
    </>
  );
}
