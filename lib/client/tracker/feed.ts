import { canonicalAddress, type WalletTrade } from "@/lib/api/core";

// The tracker's feed, pure: every followed wallet's trades merged newest first, each trade once, at most FEED_MAX.

export const FEED_MAX = 500;

/** A wallet trade with the followed wallet that made it (Solana rows name it too; EVM rows do not, §2.2). */
export type FeedRow = WalletTrade & { wallet: string; key: string };

/**
 * Identity of a trade: `txHash` + `block` + `logIndex` on EVM (one transaction may hold several swaps); Solana rows
 * carry no block or log index but are one per transaction, token and side (§2.2).
 */
export function feedKey(chain: string, t: WalletTrade): string {
  if ("logIndex" in t) return `${chain}|${t.txHash}|${t.block}|${t.logIndex}`;
  return `${chain}|${t.txHash}|${t.tokenAddress}|${t.isBuy ? "b" : "s"}`;
}

export function toFeedRows(wallet: string, rows: readonly WalletTrade[]): FeedRow[] {
  return rows.map((t) => ({ ...t, wallet, key: feedKey(t.chain, t) }));
}

const newerFirst = (a: FeedRow, b: FeedRow) => b.at - a.at || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/**
 * Merges new rows into the feed: newest first (ties by key, so the order never depends on arrival), each key once
 * (the newer copy wins), at most `max` rows. Returns `feed` itself when nothing changed.
 */
export function mergeFeed(feed: readonly FeedRow[], incoming: readonly FeedRow[], max = FEED_MAX): FeedRow[] {
  if (incoming.length === 0) return feed as FeedRow[];
  const byKey = new Map<string, FeedRow>();
  for (const r of feed) byKey.set(r.key, r);
  let changed = false;
  for (const r of incoming) {
    const prev = byKey.get(r.key);
    if (prev && prev.at === r.at && prev.volumeUsd === r.volumeUsd) continue;
    byKey.set(r.key, r);
    changed = true;
  }
  if (!changed) return feed as FeedRow[];
  return [...byKey.values()].sort(newerFirst).slice(0, max);
}

/** Drops the rows of wallets no longer followed. */
export function keepWallets(feed: readonly FeedRow[], follows: ReadonlySet<string>): FeedRow[] {
  const kept = feed.filter((r) => follows.has(`${r.chain}|${r.wallet}`));
  return kept.length === feed.length ? (feed as FeedRow[]) : kept;
}

export interface FeedFilters {
  buysOnly: boolean;
  /** USD volume floor; 0 = none. */
  minUsd: number;
  /** One chain, or null for all. */
  chain: string | null;
  /** A token address, or a symbol (case-insensitive, exact), or "" for all. */
  token: string;
}

export const NO_FILTERS: FeedFilters = { buysOnly: false, minUsd: 0, chain: null, token: "" };

/** The rows a filter keeps; `symbolOf` names EVM tokens (their rows carry no symbol). */
export function filterFeed(
  feed: readonly FeedRow[],
  f: FeedFilters,
  symbolOf: (chain: string, token: string) => string | undefined = () => undefined,
): FeedRow[] {
  const q = f.token.trim();
  const addr = q ? canonicalAddress(q) : null;
  const sym = q.replace(/^\$/, "").toLowerCase();
  return feed.filter((r) => {
    if (f.buysOnly && !r.isBuy) return false;
    if (f.minUsd > 0 && !(r.volumeUsd >= f.minUsd)) return false;
    if (f.chain && r.chain !== f.chain) return false;
    if (!q) return true;
    if (addr) return r.tokenAddress === addr;
    const s = "tokenSymbol" in r ? r.tokenSymbol : symbolOf(r.chain, r.tokenAddress);
    return s !== undefined && s.toLowerCase() === sym;
  });
}
