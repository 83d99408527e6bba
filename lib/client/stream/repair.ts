import type { QueryClient } from "@tanstack/react-query";
import {
  INTERVAL_SECONDS,
  type OhlcvParams,
  type PulseParams,
  type TokenTrade,
  type TokenUpdatesParams,
  type TradesParams,
} from "@/lib/api";
import type { ApiFetcher } from "../api-fetch";
import { apiKeys } from "../query-keys";
import { lastBarTime } from "./reducers/candles";
import { compareTrades } from "./reducers/trades";
import type { StreamStore } from "./store";

// Gap repair from REST after a reconnect or a gateway resync: nothing lost, nothing doubled (the reducers dedupe).

export const REPAIR_PAGE_LIMIT = 100;
export const MAX_REPAIR_PAGES = 5;

export interface RepairDeps {
  fetcher: ApiFetcher;
  store: StreamStore;
  queryClient: QueryClient;
  serverNow: () => number;
}

export type TapeRepair = "covered" | "truncated" | "skipped";

/**
 * Fetches tape pages newest first until they reach `anchor` (the newest row seen before the gap) and merges them.
 * When the gap is longer than MAX_REPAIR_PAGES pages, the ring is cut below the repaired part so no hole shows.
 */
export async function repairTape(
  deps: RepairDeps,
  key: string,
  p: TradesParams,
  anchor: TokenTrade | null,
): Promise<TapeRepair> {
  if (!p.pools?.length) return "skipped"; // REST needs pools; the gateway's sinceAt replay is all we have
  const rows: TokenTrade[] = [];
  let cursor: string | undefined;
  let covered = false;
  for (let i = 0; i < MAX_REPAIR_PAGES; i++) {
    const page = await deps.fetcher("tokenTrades", {
      query: { chain: p.chain as never, address: p.address, pools: p.pools, limit: REPAIR_PAGE_LIMIT, cursor },
    });
    rows.push(...page.data);
    const reached = anchor !== null && page.data.some((r) => compareTrades(r, anchor) >= 0);
    if (anchor === null || reached || !page.meta.hasMore || !page.meta.nextCursor) {
      covered = true;
      break;
    }
    cursor = page.meta.nextCursor;
  }
  const a = deps.store.getState().actions;
  a.mergeTradeRows(key, rows);
  if (covered) return "covered";
  const oldest = rows.reduce<TokenTrade | undefined>((o, r) => (!o || compareTrades(r, o) > 0 ? r : o), undefined);
  if (oldest) a.truncateTape(key, oldest);
  return "truncated";
}

/** Trims every infinite tape query of the token to its first page and refetches the active ones. */
export async function refetchFirstTapePage(qc: QueryClient, chain: string, address: string): Promise<void> {
  const scope = apiKeys.scope("tokenTrades", { chain, address });
  for (const [key, data] of qc.getQueriesData<{ pages: unknown[]; pageParams: unknown[] }>({ queryKey: scope })) {
    if (key[3] !== "infinite" || !data || data.pages.length <= 1) continue;
    qc.setQueryData(key, { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) });
  }
  await qc.invalidateQueries({ queryKey: scope, refetchType: "active" });
}

/** The forming candle and any bars closed during the gap: the newest page, sized to the gap. */
export async function repairSeries(deps: RepairDeps, key: string, p: OhlcvParams): Promise<void> {
  if (!p.pools?.length) return;
  const step = INTERVAL_SECONDS[p.interval];
  const last = lastBarTime(deps.store.getState().series[key]);
  const behind = last === undefined ? 200 : Math.ceil((deps.serverNow() / 1000 - last) / step) + 2;
  const limit = Math.min(500, Math.max(2, behind));
  const page = await deps.fetcher("ohlcv", {
    query: { chain: p.chain as never, address: p.address, pools: p.pools, interval: p.interval, quote: p.quote, limit },
  });
  deps.store.getState().actions.upsertBars(key, page.data);
}

/** A fresh list applied as a snapshot (ignored if older than what the stream already gave). */
export async function repairPulse(deps: RepairDeps, key: string, p: PulseParams): Promise<void> {
  const page = await deps.fetcher("pulse", { query: { view: p.view, chains: p.chains as never, limit: 100 } });
  deps.store.getState().actions.seedPulse(key, page.data, page.meta.asOf);
}

export async function repairTokenState(deps: RepairDeps, p: TokenUpdatesParams): Promise<void> {
  await Promise.all([
    deps.queryClient.invalidateQueries({ queryKey: apiKeys.token(p.chain, p.address), refetchType: "active" }),
    deps.queryClient.invalidateQueries({ queryKey: apiKeys.tokenPrice(p.chain, p.address), refetchType: "active" }),
  ]);
}
