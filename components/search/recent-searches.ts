import { canonicalAddress, parseChainId } from "@/lib/api/core";

// Recent picks from the palette, kept in this browser only; bounded and re-validated on every read.

export type RecentEntry =
  | { kind: "token"; chain: string; address: string; symbol: string; name: string; at: number }
  | { kind: "wallet"; address: string; at: number }
  | { kind: "query"; q: string; at: number };

export const RECENT_MAX = 8;
export const RECENT_STORAGE_KEY = "tradescope.recent-searches";
const TEXT_MAX = 64;
const QUERY_MAX = 200;

export function recentKey(e: RecentEntry): string {
  if (e.kind === "token") return `t|${e.chain}|${e.address}`;
  if (e.kind === "wallet") return `w|${e.address}`;
  return `q|${e.q.toLowerCase()}`;
}

const str = (v: unknown, max: number): string | null => (typeof v === "string" ? v.slice(0, max) : null);

/** One entry from untrusted storage, or null. */
export function parseRecent(raw: unknown): RecentEntry | null {
  if (!raw || typeof raw !== "object") return null;
  const o = raw as Record<string, unknown>;
  const at = typeof o.at === "number" && Number.isFinite(o.at) ? o.at : 0;
  if (o.kind === "token") {
    const chain = typeof o.chain === "string" ? parseChainId(o.chain) : null;
    const address = typeof o.address === "string" ? canonicalAddress(o.address) : null;
    if (!chain || !address) return null;
    return {
      kind: "token",
      chain,
      address,
      symbol: str(o.symbol, TEXT_MAX) ?? "",
      name: str(o.name, TEXT_MAX) ?? "",
      at,
    };
  }
  if (o.kind === "wallet") {
    const address = typeof o.address === "string" ? canonicalAddress(o.address) : null;
    return address ? { kind: "wallet", address, at } : null;
  }
  if (o.kind === "query") {
    const q = str(o.q, QUERY_MAX)?.trim();
    return q ? { kind: "query", q, at } : null;
  }
  return null;
}

export function sanitiseRecents(raw: unknown): RecentEntry[] {
  if (!Array.isArray(raw)) return [];
  const out: RecentEntry[] = [];
  const seen = new Set<string>();
  for (const r of raw.slice(0, RECENT_MAX * 4)) {
    const e = parseRecent(r);
    if (!e || seen.has(recentKey(e))) continue;
    seen.add(recentKey(e));
    out.push(e);
    if (out.length === RECENT_MAX) break;
  }
  return out;
}

/** Most recent first, one entry per target, at most RECENT_MAX. */
export function pushRecent(list: readonly RecentEntry[], entry: RecentEntry): RecentEntry[] {
  const e = parseRecent(entry);
  if (!e) return [...list];
  const key = recentKey(e);
  return [e, ...list.filter((x) => recentKey(x) !== key)].slice(0, RECENT_MAX);
}

export function readRecents(storage: Pick<Storage, "getItem"> | undefined): RecentEntry[] {
  try {
    const raw = storage?.getItem(RECENT_STORAGE_KEY);
    return raw ? sanitiseRecents(JSON.parse(raw)) : [];
  } catch {
    return [];
  }
}

export function writeRecents(storage: Pick<Storage, "setItem"> | undefined, list: readonly RecentEntry[]): void {
  try {
    storage?.setItem(RECENT_STORAGE_KEY, JSON.stringify(list.slice(0, RECENT_MAX)));
  } catch {
    // Private mode or full storage: recents are a convenience, not data.
  }
}
