import type { QueryClient } from "@tanstack/react-query";
import {
  ApiError,
  type OhlcvParams,
  type PulseParams,
  type TokenTrade,
  type TokenUpdatesParams,
  type TradesParams,
} from "@/lib/api/core";
import type { ApiFetcher } from "../api-fetch";
import { apiKeys, stableJson } from "../query-keys";
import { compareTrades } from "./reducers/trades";
import type { ResumePoint } from "./resume-tracker";
import type { StreamStore } from "./store";

// Gap repair from REST after a reconnect or a gateway resync: nothing lost, nothing doubled (the reducers dedupe).

/**
 * The largest page (a call costs the same whatever its size): fewer calls per gap, and a query the page the tape just
 * showed (the default 100) does not share, so the proxy's short cache cannot hand the repair that same snapshot back.
 */
export const REPAIR_PAGE_LIMIT = 500;
export const MAX_REPAIR_PAGES = 5;

/** A cached REST answer older than the resume point may miss rows (or a bucket's last trades): ask again after these pauses. */
export const FRESHNESS_TOLERANCE_MS = 0;
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
 * as new as the moment the live flow resumed (`resume.minAsOf()`, server clock): it says so (the proxy then skips an
 * older copy), and asks again, a few times, while the answer is still older (an upstream behind its own stream).
 */
async function fetchFresh<T extends { meta: { asOf: number } }>(
  deps: RepairDeps,
  get: (minAsOf: number | undefined) => Promise<T>,
  resume: ResumePoint | undefined,
): Promise<{ page: T; fresh: boolean }> {
  const delays = deps.freshRetryDelaysMs ?? FRESH_RETRY_DELAYS_MS;
  for (let i = 0; ; i++) {
    // The proxy is told how new the answer must be, so it does not hand back a copy cached before the resume.
    const page = await get(resume?.minAsOf());
    const fresh = resume === undefined || page.meta.asOf >= resume.minAsOf() - FRESHNESS_TOLERANCE_MS;
    if (fresh || i >= delays.length) return { page, fresh };
    await new Promise((r) => setTimeout(r, delays[i]));
  }
}

export type TapeRepair = "covered" | "truncated" | "stale" | "skipped";

/**
 * The rows of a repair's REST pages the ring may take in. A page ends after its `limit` rows in the service's own
 * order, which need not be the tape's within one millisecond (a block's swaps share a time), so rows of the last
 * page's oldest millisecond can still be on the next page.
 * - A repair anchored at the newest row before a gap (`ringOldest` given): the ring held every row from its oldest one
 *   up before the gap, so it takes nothing below that row.
 * - Otherwise (an empty ring, or a first subscribe joining its REST snapshot, whose ring starts at the first live row
 *   and needs what traded between the snapshot and it): every row but those of a partial last millisecond while more
 *   pages follow.
 */
export function repairRowsForRing(
  rows: readonly TokenTrade[],
  ringOldest: TokenTrade | undefined,
  morePages: boolean,
): TokenTrade[] {
  if (ringOldest) return rows.filter((r) => compareTrades(r, ringOldest) <= 0);
  if (!morePages || rows.length === 0) return rows.slice();
  let oldestAt = Number.POSITIVE_INFINITY;
  for (const r of rows) oldestAt = Math.min(oldestAt, r.at);
  const whole = rows.filter((r) => r.at > oldestAt);
  return whole.length > 0 ? whole : rows.slice();
}

/**
 * Fetches tape pages newest first until they reach `anchor` (the newest row seen before the gap) and merges them.
 * When the gap is longer than MAX_REPAIR_PAGES pages, the ring is cut below the repaired part so no hole shows.
 */
export async function repairTape(
  deps: RepairDeps,
  key: string,
  p: TradesParams,
  anchor: TokenTrade | null,
  resume?: ResumePoint,
): Promise<TapeRepair> {
  if (!p.pools?.length) return "skipped"; // REST needs pools; the gateway's sinceAt replay is all we have
  const a = deps.store.getState().actions;
  const rows: TokenTrade[] = [];
  let cursor: string | undefined;
  let covered = false;
  let morePages = false;
  const get = (minAsOf?: number) =>
    deps.fetcher("tokenTrades", {
      query: { chain: p.chain as never, address: p.address, pools: p.pools, limit: REPAIR_PAGE_LIMIT, cursor },
      minAsOf,
    });
  for (let i = 0; i < MAX_REPAIR_PAGES; i++) {
    let page: Awaited<ReturnType<typeof get>>;
    if (i === 0) {
      const first = await fetchFresh(deps, get, resume);
      if (!first.fresh) {
        // Still older than the resume point: rows just before it may be missing. Show only what is whole.
        if (anchor) a.truncateTape(key, anchor, false);
        return "stale";
      }
      page = first.page;
    } else page = await get();
    rows.push(...page.data);
    morePages = page.meta.hasMore && !!page.meta.nextCursor;
    const reached = anchor !== null && page.data.some((r) => compareTrades(r, anchor) >= 0);
    if (anchor === null || reached || !page.meta.hasMore || !page.meta.nextCursor) {
      covered = true;
      break;
    }
    cursor = page.meta.nextCursor;
  }
  const ring = deps.store.getState().tapes[key]?.rows;
  const ringOldest = anchor !== null ? ring?.[ring.length - 1] : undefined;
  a.mergeTradeRows(key, repairRowsForRing(rows, ringOldest, morePages));
  if (covered) return "covered";
  // Cut below the pages read, at their oldest whole millisecond (more pages follow).
  const whole = repairRowsForRing(rows, undefined, true);
  const oldest = whole.reduce<TokenTrade | undefined>((o, r) => (!o || compareTrades(r, o) > 0 ? r : o), undefined);
  if (oldest) a.truncateTape(key, oldest);
  return "truncated";
}

/** Query inputs that do not narrow a tape: a first page read with only these holds every trade up to its asOf. */
const UNFILTERED_TAPE_FIELDS = new Set(["chain", "address", "pools", "limit"]);

export interface TapeSnapshot {
  /** The first REST page's meta.asOf (server clock). */
  asOf: number;
  /** Its newest row's time, when it has rows. */
  newestAt: number | undefined;
}

/**
 * The newest unfiltered REST tape snapshot cached for these pools (the page the tape shows before the stream joins), or
 * undefined when none is cached. Filtered tapes (maker, wash, side...) are skipped: they do not hold every trade.
 */
export function tapeSnapshot(qc: QueryClient, p: TradesParams): TapeSnapshot | undefined {
  if (!p.pools?.length) return undefined;
  const pools = stableJson({ pools: p.pools }); // canonical, deduped, sorted: as the query key holds them
  let best: TapeSnapshot | undefined;
  const scope = apiKeys.scope("tokenTrades", { chain: p.chain, address: p.address });
  for (const [key, data] of qc.getQueriesData<{ pages: Array<{ data: TokenTrade[]; meta: { asOf: number } }> }>({
    queryKey: scope,
  })) {
    const first = data?.pages[0];
    const q = key[2] as Record<string, unknown> | null;
    if (key[3] !== "infinite" || !first || !q) continue;
    if (Object.keys(q).some((k) => !UNFILTERED_TAPE_FIELDS.has(k))) continue;
    if (stableJson({ pools: q.pools }) !== pools) continue;
    if (!best || first.meta.asOf > best.asOf) best = { asOf: first.meta.asOf, newestAt: first.data[0]?.at };
  }
  return best;
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

/**
 * The forming candle and every bar closed during the gap: the newest page at the largest size (a call costs the same
 * whatever its size, and live frames may already have moved the series past the gap, so its last bar cannot size it).
 */
export const REPAIR_CANDLE_LIMIT = 500;

export async function repairSeries(deps: RepairDeps, key: string, p: OhlcvParams, resume?: ResumePoint): Promise<void> {
  if (!p.pools?.length) return;
  const limit = REPAIR_CANDLE_LIMIT;
  const { page, fresh } = await fetchFresh(
    deps,
    (minAsOf) =>
      deps.fetcher("ohlcv", {
        query: {
          chain: p.chain as never,
          address: p.address,
          pools: p.pools,
          interval: p.interval,
          quote: p.quote,
          limit,
        },
        minAsOf,
      }),
    resume,
  );
  deps.store.getState().actions.upsertBars(key, page.data, page.meta.asOf);
  // Buckets that closed while we were away may still be partial in a page this old: let the repair run again.
  if (!fresh) throw new ApiError("upstream_error", "candles older than the resume point", { status: 503 });
}

/** A fresh list applied as a snapshot (ignored if older than what the stream already gave). */
export async function repairPulse(deps: RepairDeps, key: string, p: PulseParams, resume?: ResumePoint): Promise<void> {
  const { page } = await fetchFresh(
    deps,
    (minAsOf) => deps.fetcher("pulse", { query: { view: p.view, chains: p.chains as never, limit: 100 }, minAsOf }),
    resume,
  );
  deps.store.getState().actions.seedPulse(key, page.data, page.meta.asOf);
}

export async function repairTokenState(deps: RepairDeps, p: TokenUpdatesParams): Promise<void> {
  await Promise.all([
    deps.queryClient.invalidateQueries({ queryKey: apiKeys.token(p.chain, p.address), refetchType: "active" }),
    deps.queryClient.invalidateQueries({ queryKey: apiKeys.tokenPrice(p.chain, p.address), refetchType: "active" }),
  ]);
}
