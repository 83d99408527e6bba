import {
  type ChainId,
  COHORT_RULES,
  type CohortReport,
  type CohortTrade,
  type TokenTrade,
  type WalletFunding,
} from "@/lib/api";
import { computeCohorts, fundingCandidates, orderTrades } from "./rules";
import type { Reader } from "./upstream-reads";

// One cohort report = a bounded set of upstream reads, each through the proxy's cache:
//   token detail + pools (shared with the token page's own reads), the launch window of the tape (≤ 3 pages),
//   the top 50 holders (shared with the Holders tab), every examined wallet's trades (≤ 2 POST pages),
//   and first-funding lookups: the ones cached already, plus at most FUNDING_NEW_PER_REPORT new ones.

export const HOLDERS_READ = 50;
export const MAX_WALLETS = 120;
export const EARLY_PAGES = 3;
export const MAKER_PAGES = 2;
export const FUNDING_NEW_PER_REPORT = 10;
const FUNDING_PARALLEL = 6;

const compact = (t: TokenTrade): CohortTrade => ({
  at: t.at,
  maker: t.maker,
  isBuy: t.isBuy,
  amountToken: t.amountToken,
  volumeUsd: t.volumeUsd,
  txHash: t.txHash,
  block: t.block,
  logIndex: t.logIndex,
});

export interface EarlyWindow {
  trades: CohortTrade[];
  complete: boolean;
}

export async function readEarlyWindow(
  reader: Reader,
  ref: { chain: ChainId; address: string },
  pools: string[],
  createdAt: number,
): Promise<EarlyWindow> {
  const trades: CohortTrade[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < EARLY_PAGES; page++) {
    const env = await reader.read("tokenTrades", {
      query: {
        ...ref,
        pools,
        limit: 500,
        fromAt: createdAt,
        toAt: createdAt + COHORT_RULES.earlyWindowMs,
        ...(cursor ? { cursor } : {}),
      },
    });
    trades.push(...env.data.map(compact));
    if (!env.meta.hasMore || !env.meta.nextCursor) return { trades, complete: true };
    cursor = env.meta.nextCursor;
  }
  return { trades, complete: false };
}

export async function buildCohortReport(
  reader: Reader,
  ref: { chain: ChainId; address: string },
  opts: { early?: EarlyWindow },
): Promise<{ report: CohortReport; early: EarlyWindow }> {
  const [detail, poolList, holders] = await Promise.all([
    reader.read("token", { query: ref }),
    reader.read("tokenPools", { query: ref }),
    reader.read("tokenHolders", { query: { ...ref, limit: HOLDERS_READ } }),
  ]);
  const token = detail.data;
  const pools = poolList.data.map((p) => p.address).slice(0, 50);
  const early =
    opts.early ??
    (pools.length ? await readEarlyWindow(reader, ref, pools, token.createdAt) : { trades: [], complete: true });
  const deployer = token.deployer;
  const notHolders = new Set(
    holders.data.filter((h) => h.label === "pool" || h.label === "burn").map((h) => h.address),
  );
  const ordered = orderTrades(early.trades);
  const candidates = fundingCandidates(
    ordered,
    token.createdAt,
    holders.data,
    new Set([...notHolders, ...(deployer ? [deployer] : [])]),
  );
  const wallets = [...new Set([...(deployer ? [deployer] : []), ...candidates])].slice(0, MAX_WALLETS);

  const makerTrades: CohortTrade[] = [];
  if (pools.length && wallets.length) {
    let cursor: string | undefined;
    for (let page = 0; page < MAKER_PAGES; page++) {
      const env = await reader.read("tokenTradesByMakers", {
        body: { ...ref, pools, makers: wallets, limit: 500, ...(cursor ? { cursor } : {}) },
      });
      makerTrades.push(...env.data.map(compact));
      if (!env.meta.hasMore || !env.meta.nextCursor) break;
      cursor = env.meta.nextCursor;
    }
  }

  const fundings = new Map<string, WalletFunding | null>();
  const walletInput = (w: string) => ({ query: { chain: ref.chain, wallet: w } });
  let fresh = 0;
  const toRead: string[] = [];
  let skipped = 0;
  for (const w of candidates.slice(0, MAX_WALLETS)) {
    if (reader.cached("walletFunding", walletInput(w))) toRead.push(w);
    else if (fresh < FUNDING_NEW_PER_REPORT) {
      fresh++;
      toRead.push(w);
    } else skipped++;
  }
  for (let i = 0; i < toRead.length; i += FUNDING_PARALLEL) {
    const slice = toRead.slice(i, i + FUNDING_PARALLEL);
    const got = await Promise.all(slice.map((w) => reader.read("walletFunding", walletInput(w))));
    slice.forEach((w, j) => fundings.set(w, got[j]?.data ?? null));
  }

  const report = computeCohorts({
    chain: ref.chain,
    address: token.address,
    createdAt: token.createdAt,
    supply: Number(token.totalSupply),
    deployer,
    now: reader.asOf(),
    holders: holders.data,
    trades: [...early.trades, ...makerTrades],
    fundings,
    fundingSkipped: skipped,
    earlyComplete: early.complete,
  });
  return { report, early };
}
