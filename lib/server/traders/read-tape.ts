import { type ChainId, PRECONFIRM_TTL_MS, type TokenTrade } from "@/lib/api";
import type { Reader } from "@/lib/server/cohorts/upstream-reads";
import { confirmedInOrder, type PnlTrade } from "./trader-pnl";

// A token's tape for the traders report, read through the proxy's cache: newest pages first on the first round,
// then only what is new since (from the newest row kept less the preconfirmation window, where a late confirmation
// can still land), bounded by MAX_ROWS kept and a few pages a round.

export const PAGE_ROWS = 500;
/** Pages of a first read (the newest 2,000 rows). */
export const FIRST_PAGES = 4;
/** Pages of a later round before it gives up on catching up and reads afresh. */
export const CATCH_UP_PAGES = 2;
/** Confirmed rows kept per token; the oldest go first. */
export const MAX_ROWS = 6_000;

export interface TapeWindow {
  /** Confirmed rows, oldest first. */
  trades: PnlTrade[];
  /** The tape ended within the rows read and none of its rows were dropped: the token's whole history. */
  complete: boolean;
}

const compact = (t: TokenTrade): PnlTrade => ({
  at: t.at,
  block: t.block,
  logIndex: t.logIndex,
  txHash: t.txHash,
  maker: t.maker,
  isBuy: t.isBuy,
  amountToken: t.amountToken,
  volumeUsd: t.volumeUsd,
  preconfirmed: t.preconfirmed,
});

async function readPages(
  reader: Reader,
  ref: { chain: ChainId; address: string },
  pools: string[],
  pages: number,
  fromAt?: number,
): Promise<{ trades: PnlTrade[]; ended: boolean }> {
  const trades: PnlTrade[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < pages; page++) {
    const env = await reader.read("tokenTrades", {
      query: {
        ...ref,
        pools,
        limit: PAGE_ROWS,
        ...(fromAt !== undefined ? { fromAt } : {}),
        ...(cursor ? { cursor } : {}),
      },
    });
    trades.push(...env.data.map(compact));
    if (!env.meta.hasMore || !env.meta.nextCursor) return { trades, ended: true };
    cursor = env.meta.nextCursor;
  }
  return { trades, ended: false };
}

/** The tape window after one more round: `prior` extended by what is new, or read afresh. */
export async function readTapeWindow(
  reader: Reader,
  ref: { chain: ChainId; address: string },
  pools: string[],
  prior: TapeWindow | undefined,
): Promise<TapeWindow> {
  const newest = prior?.trades.at(-1)?.at;
  if (prior && newest !== undefined) {
    const fresh = await readPages(reader, ref, pools, CATCH_UP_PAGES, Math.max(0, newest - PRECONFIRM_TTL_MS));
    // every row since the overlap was read: merge (rows read again replace nothing, new confirmations join)
    if (fresh.ended) return bounded([...prior.trades, ...fresh.trades], prior.complete);
  }
  const first = await readPages(reader, ref, pools, FIRST_PAGES);
  return bounded(first.trades, first.ended);
}

function bounded(trades: PnlTrade[], complete: boolean): TapeWindow {
  const ordered = confirmedInOrder(trades);
  if (ordered.length <= MAX_ROWS) return { trades: ordered, complete };
  return { trades: ordered.slice(ordered.length - MAX_ROWS), complete: false };
}
