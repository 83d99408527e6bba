import { type BatchSlot, shortAddress, type TokenDetail, type TokenPrice } from "@/lib/api/core";
import { type WatchItem, watchKey } from "@/lib/client/watchlist/items";
import { compareText } from "@/lib/format/order";
import { safeText } from "@/lib/format/safe-text";

// Joining the starred list with the batch answers, and sorting it: pure, so it is tested without a browser.

export interface WatchRow {
  item: WatchItem;
  price: TokenPrice | null;
  /** The item's own error slot (§7.4), e.g. token_not_found. */
  error: { code: string; message: string } | null;
  detail: TokenDetail | null;
}

export const SORT_KEYS = ["added", "symbol", "price", "change1h", "change", "vol", "mcap", "liq"] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDir = "asc" | "desc";

export function parseSort(sort: string | null, dir: string | null): { key: SortKey; dir: SortDir } {
  const key = (SORT_KEYS as readonly string[]).includes(sort ?? "") ? (sort as SortKey) : "added";
  return { key, dir: dir === "asc" ? "asc" : "desc" };
}

/** Batch slots keep input order (§1.9): slot i answers items[i]. Missing slots mean "not loaded yet", never zero. */
export function slotsByKey<T extends { chain: string; address: string }>(
  items: readonly { chain: string; address: string }[],
  slots: readonly BatchSlot<T>[] | undefined,
): Map<string, BatchSlot<T>> {
  const out = new Map<string, BatchSlot<T>>();
  if (!slots) return out;
  items.forEach((it, i) => {
    const s = slots[i];
    if (s) out.set(watchKey(it.chain, it.address), s);
  });
  return out;
}

export function joinRows(
  items: readonly WatchItem[],
  prices: ReadonlyMap<string, BatchSlot<TokenPrice>>,
  details: ReadonlyMap<string, BatchSlot<TokenDetail>>,
): WatchRow[] {
  return items.map((item) => {
    const k = watchKey(item.chain, item.address);
    const p = prices.get(k);
    const d = details.get(k);
    return {
      item,
      price: p && "data" in p ? p.data : null,
      error: p && "error" in p ? p.error : d && "error" in d ? d.error : null,
      detail: d && "data" in d ? d.data : null,
    };
  });
}

function value(r: WatchRow, key: SortKey): number | string | null {
  switch (key) {
    case "added":
      return r.item.addedAt;
    case "symbol":
      return (r.detail?.symbol ?? r.item.symbol ?? "").toLowerCase() || null;
    case "price":
      return r.price?.priceUsd ?? null;
    case "change":
      return r.price?.priceChange24hPct ?? null;
    case "change1h":
      return r.detail?.priceChange1hPct ?? null;
    case "vol":
      return r.detail?.volume24hUsd ?? null;
    case "mcap":
      return r.price?.marketCapUsd ?? null;
    case "liq":
      return r.price?.liquidityUsd ?? null;
  }
}

/** Stable sort; unknown values (null) always last, whatever the direction. */
export function sortRows(rows: readonly WatchRow[], key: SortKey, dir: SortDir): WatchRow[] {
  const sign = dir === "asc" ? 1 : -1;
  return rows
    .map((r, i) => ({ r, i, v: value(r, key) }))
    .sort((a, b) => {
      if (a.v === null || b.v === null) return a.v === b.v ? a.i - b.i : a.v === null ? 1 : -1;
      const c = typeof a.v === "string" ? compareText(a.v, b.v as string) : a.v - (b.v as number);
      return c === 0 ? a.i - b.i : sign * c;
    })
    .map((x) => x.r);
}

/** Batches of at most `size` items (the batch endpoints take 1–100). */
export function chunk<T>(list: readonly T[], size = 100): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Graphemes of a row's symbol before it is cut. */
export const SYMBOL_GRAPHEMES = 14;

/**
 * The remove button's accessible name: the symbol as the row draws it (safeText: a launch's symbol can carry bidi
 * controls or invisible characters, which must not reach a screen reader either), else the short address.
 */
export function removeLabel(symbol: string, address: string): string {
  return `Remove ${safeText(symbol, { maxGraphemes: SYMBOL_GRAPHEMES }).text || shortAddress(address)} from watchlist`;
}
