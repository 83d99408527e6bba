import { type ChainId, canonicalAddressFor, parseChainId } from "@/lib/api/core";

// Followed wallets (the tracker's list), pure: canonical ids, a bounded list, names cut to size. The store persists
// it; the import/export codec reads and writes it.

export interface FollowedWallet {
  chain: ChainId;
  address: string;
  /** The trader's own label for the wallet; raw text: render only through lib/format. */
  name?: string;
  /** Market time (ms) the wallet was followed. */
  addedAt: number;
}

export interface FollowInput {
  chain: string;
  address: string;
  name?: string | null;
}

export const FOLLOW_MAX = 100;
export const FOLLOW_NAME_MAX = 32;

export function followKey(chain: string, address: string): string {
  return `${chain}|${address}`;
}

/** Canonical chain + address, or null when the pair is not a wallet of that chain. */
export function normaliseFollowId(chain: string, address: string): { chain: ChainId; address: string } | null {
  const c = parseChainId(chain.trim());
  if (!c) return null;
  const a = canonicalAddressFor(c, address.trim());
  return a ? { chain: c, address: a } : null;
}

/** A name as stored: trimmed, control characters dropped, at most FOLLOW_NAME_MAX characters; empty → none. */
export function cleanName(v: unknown): string | undefined {
  if (typeof v !== "string") return undefined;
  const t = v.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return t ? [...t].slice(0, FOLLOW_NAME_MAX).join("") : undefined;
}

export function indexOfFollow(items: readonly FollowedWallet[], chain: string, address: string): number {
  const id = normaliseFollowId(chain, address);
  if (!id) return -1;
  return items.findIndex((i) => i.chain === id.chain && i.address === id.address);
}

export type FollowResult = { ok: true; items: FollowedWallet[] } | { ok: false; reason: "invalid" | "full" };

/** Newest first; a wallet already followed only takes the new name (when one is given); never past FOLLOW_MAX. */
export function addFollow(items: readonly FollowedWallet[], input: FollowInput, now: number): FollowResult {
  const id = normaliseFollowId(input.chain, input.address);
  if (!id) return { ok: false, reason: "invalid" };
  const name = cleanName(input.name);
  const at = indexOfFollow(items, id.chain, id.address);
  if (at >= 0) {
    const next = items.slice();
    next[at] = { ...items[at], ...(name ? { name } : {}) } as FollowedWallet;
    return { ok: true, items: next };
  }
  if (items.length >= FOLLOW_MAX) return { ok: false, reason: "full" };
  return { ok: true, items: [{ ...id, ...(name ? { name } : {}), addedAt: now }, ...items] };
}

export function removeFollow(items: readonly FollowedWallet[], chain: string, address: string): FollowedWallet[] {
  const at = indexOfFollow(items, chain, address);
  return at < 0 ? (items as FollowedWallet[]) : items.filter((_, i) => i !== at);
}

export function renameFollow(
  items: readonly FollowedWallet[],
  chain: string,
  address: string,
  name: string,
): FollowedWallet[] {
  const at = indexOfFollow(items, chain, address);
  if (at < 0) return items as FollowedWallet[];
  const { name: _old, ...rest } = items[at] as FollowedWallet;
  const clean = cleanName(name);
  const next = items.slice();
  next[at] = clean ? { ...rest, name: clean } : rest;
  return next;
}

/** Rebuilds the list from untrusted stored data: invalid and duplicate entries dropped, the bound kept. */
export function sanitiseFollows(raw: unknown): FollowedWallet[] {
  if (!Array.isArray(raw)) return [];
  const out: FollowedWallet[] = [];
  const keys = new Set<string>();
  for (const r of raw.slice(0, FOLLOW_MAX * 4)) {
    if (!r || typeof r !== "object") continue;
    const o = r as Record<string, unknown>;
    if (typeof o.chain !== "string" || typeof o.address !== "string") continue;
    const id = normaliseFollowId(o.chain, o.address);
    if (!id || keys.has(followKey(id.chain, id.address))) continue;
    keys.add(followKey(id.chain, id.address));
    const name = cleanName(o.name);
    const addedAt = typeof o.addedAt === "number" && Number.isFinite(o.addedAt) && o.addedAt >= 0 ? o.addedAt : 0;
    out.push({ ...id, ...(name ? { name } : {}), addedAt });
    if (out.length >= FOLLOW_MAX) break;
  }
  return out;
}
