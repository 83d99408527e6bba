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

/** A cached REST answer older than this before the resume point may miss rows: ask again after these pauses. */
export const FRESHNESS_TOLERANCE_MS = 1_000;
export const FRESH_RETRY_DELAYS_MS = [500, 1_500, 3_000] as const;

export interface RepairDeps {
  fetcher: ApiFetcher;
  store: StreamStore;
  queryClient: QueryClient;
  serverNow: () => number;
  /** Pauses between asks for a fresh enough answer (tests shorten them). */
  freshRetryDelaysMs?: readonly number[];
}

/**
 * The proxy may serve a cached page (fresh for seconds, then stale while it refreshes). A repair needs data at least
 * as new as the moment the live flow resumed (`minAsOf`, server clock): ask again, a few times, until it is.
 */
async function fetchFresh<T extends { meta: { asOf: number } }>(
  deps: RepairDeps,
  get: () => Promise<T>,
  minAsOf: number | undefined,
): Promise<{ page: T; fresh: boolean }> {
  const delays = deps.freshRetryDelaysMs ?? FRESH_RETRY_DELAYS_MS;
  for (let i = 0; ; i++) {
    const page = await get();
    const fresh = minAsOf === undefined || page.meta.asOf >= minAsOf - FRESHNESS_TOLERANCE_MS;
    if (fresh || i >= delays.length) return { page, fresh };
    await new Promise((r) => setTimeout(r, delays[i]));
  }
}

export type TapeRepair = "covered" | "truncated" | "stale" | "skipped";

/**
 * Fetches tape pages newest first until they reach `anchor` (the newest row seen before the gap) and merges them.
 * When the gap is longer than MAX_REPAIR_PAGES pages, the ring is cut below the repaired part so no hole shows.
 */
export async function repairTape(
  deps: RepairDeps,
  key: string,
  p: TradesParams,
  anchor: TokenTrade | null,
  resumeAt?: number,
): Promise<TapeRepair> {
  if (!p.pools?.length) return "skipped"; // REST needs pools; the gateway's sinceAt replay is all we have
  const a = deps.store.getState().actions;
  const rows: TokenTrade[] = [];
  let cursor: string | undefined;
  let covered = false;
  const get = () =>
    deps.fetcher("tokenTrades", {
      query: { chain: p.chain as never, address: p.address, pools: p.pools, limit: REPAIR_PAGE_LIMIT, cursor },
    });
  for (let i = 0; i < MAX_REPAIR_PAGES; i++) {
    let page: Awaited<ReturnType<typeof get>>;
    if (i === 0) {
      const first = await fetchFresh(deps, get, resumeAt);
      if (!first.fresh) {
        // Still older than the resume point: rows just before it may be missing. Show only what is whole.
        if (anchor) a.truncateTape(key, anchor, false);
        return "stale";
      }
      page = first.page;
    } else page = await get();
    rows.push(...page.data);
    const reached = anchor !== null && page.data.some((r) => compareTrades(r, anchor) >= 0);
    if (anchor === null || reached || !page.meta.hasMore || !page.meta.nextCursor) {
      covered = true;
      break;
    }
    cursor = page.meta.nextCursor;
  }
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
export async function repairSeries(deps: RepairDeps, key: string, p: OhlcvParams, resumeAt?: number): Promise<void> {
  if (!p.pools?.length) return;
  const step = INTERVAL_SECONDS[p.interval];
  const last = lastBarTime(deps.store.getState().series[key]);
  const behind = last === undefined ? 200 : Math.ceil((deps.serverNow() / 1000 - last) / step) + 2;
  const limit = Math.min(500, Math.max(2, behind));
  const { page } = await fetchFresh(
    deps,
    () =>
      deps.fetcher("ohlcv", {
        query: {
          chain: p.chain as never,
          address: p.address,
          pools: p.pools,
          interval: p.interval,
          quote: p.quote,
          limit,
        },
      }),
    resumeAt,
  );
  deps.store.getState().actions.upsertBars(key, page.data);
}

/** A fresh list applied as a snapshot (ignored if older than what the stream already gave). */
export async function repairPulse(deps: RepairDeps, key: string, p: PulseParams, resumeAt?: number): Promise<void> {
  const { page } = await fetchFresh(
    deps,
    () => deps.fetcher("pulse", { query: { view: p.view, chains: p.chains as never, limit: 100 } }),
    resumeAt,
  );
  deps.store.getState().actions.seedPulse(key, page.data, page.meta.asOf);
}

export async function repairTokenState(deps: RepairDeps, p: TokenUpdatesParams): Promise<void> {
  await Promise.all([
    deps.queryClient.invalidateQueries({ queryKey: apiKeys.token(p.chain, p.address), refetchType: "active" }),
    deps.queryClient.invalidateQueries({ queryKey: apiKeys.tokenPrice(p.chain, p.address), refetchType: "active" }),
  ]);
}
