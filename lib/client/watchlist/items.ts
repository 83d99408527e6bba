import type { ChainId } from "@/lib/api/core";
import { canonicalAddressFor, parseChainId } from "@/lib/api/core";

/** One starred token. symbol/name are raw on-chain text: render only through lib/format. */
export interface WatchItem {
  chain: ChainId;
  address: string;
  symbol?: string;
  name?: string;
  addedAt: number;
}

export interface WatchInput {
  chain: string;
  address: string;
  symbol?: string | null;
  name?: string | null;
}

// Bounded so a runaway page or a tampered localStorage can never grow the list (or the price batch) without limit.
export const WATCHLIST_MAX = 200;
// Cap stored labels; the real values come back live from the API.
const LABEL_MAX = 96;

export function watchKey(chain: string, address: string): string {
  return `${chain}|${address}`;
}

/** Canonical chain + address, or null when the pair is not a valid token id. */
export function normaliseWatchId(chain: string, address: string): { chain: ChainId; address: string } | null {
  const c = parseChainId(chain);
  if (!c) return null;
  const a = canonicalAddressFor(c, address.trim());
  return a ? { chain: c, address: a } : null;
}

function label(v: unknown): string | undefined {
  return typeof v === "string" && v.length > 0 ? v.slice(0, LABEL_MAX) : undefined;
}

export function makeWatchItem(input: WatchInput, now: number): WatchItem | null {
  const id = normaliseWatchId(input.chain, input.address);
  if (!id) return null;
  return { ...id, symbol: label(input.symbol), name: label(input.name), addedAt: now };
}

export function indexOfItem(items: readonly WatchItem[], chain: string, address: string): number {
  const id = normaliseWatchId(chain, address);
  if (!id) return -1;
  return items.findIndex((i) => i.chain === id.chain && i.address === id.address);
}

/** Newest first; a duplicate only refreshes its labels; past the bound the oldest entries fall off. */
export function addItem(items: readonly WatchItem[], input: WatchInput, now: number): WatchItem[] {
  const item = makeWatchItem(input, now);
  if (!item) return items as WatchItem[];
  const at = indexOfItem(items, item.chain, item.address);
  if (at >= 0) {
    const prev = items[at];
    const next = items.slice();
    next[at] = { ...prev, symbol: item.symbol ?? prev.symbol, name: item.name ?? prev.name };
    return next;
  }
  return [item, ...items].slice(0, WATCHLIST_MAX);
}

/** Puts a removed item back (undo) where its addedAt places it in the newest-first list. */
export function restoreItem(items: readonly WatchItem[], item: WatchItem): WatchItem[] {
  if (indexOfItem(items, item.chain, item.address) >= 0) return items as WatchItem[];
  const clean = makeWatchItem(item, item.addedAt);
  if (!clean) return items as WatchItem[];
  const at = items.findIndex((i) => i.addedAt < clean.addedAt);
  const next = at < 0 ? [...items, clean] : [...items.slice(0, at), clean, ...items.slice(at)];
  return next.slice(0, WATCHLIST_MAX);
}

export function removeItem(items: readonly WatchItem[], chain: string, address: string): WatchItem[] {
  const at = indexOfItem(items, chain, address);
  if (at < 0) return items as WatchItem[];
  return items.filter((_, i) => i !== at);
}

/** Rebuilds the list from untrusted persisted data: invalid or duplicate entries are dropped, the bound holds. */
export function sanitiseItems(raw: unknown): WatchItem[] {
  if (!Array.isArray(raw)) return [];
  const out: WatchItem[] = [];
  for (const r of raw.slice(0, WATCHLIST_MAX * 4)) {
    if (!r || typeof r !== "object") continue;
    const o = r as Record<string, unknown>;
    if (typeof o.chain !== "string" || typeof o.address !== "string") continue;
    const addedAt = typeof o.addedAt === "number" && Number.isFinite(o.addedAt) ? o.addedAt : 0;
    const item = makeWatchItem(
      { chain: o.chain, address: o.address, symbol: o.symbol as string, name: o.name as string },
      addedAt,
    );
    if (!item || indexOfItem(out, item.chain, item.address) >= 0) continue;
    out.push(item);
    if (out.length >= WATCHLIST_MAX) break;
  }
  return out;
}
