import {
  type BatchSlot,
  type TokenDetail,
  type TokenPrice,
  type TokenUpdate,
  TOKEN_UPDATE_LIVE_FIELDS,
  tokenPriceOf,
} from "@/lib/api/core";

// Live token state (§6 token-updates) merged into REST cache entries, so the header, stats and every list showing
// the token move together. Pure: the store batches calls once per frame and writes through setQueryData.

const idOf = (t: { chain: string; address: string }) => `${t.chain}:${t.address.toLowerCase()}`;

/** One update per token: the newest by updatedAt (arrival order breaks ties). */
export function coalesceTokenUpdates(updates: readonly TokenUpdate[]): TokenUpdate[] {
  const byId = new Map<string, TokenUpdate>();
  for (const u of updates) {
    const prev = byId.get(idOf(u));
    if (!prev || u.updatedAt >= prev.updatedAt) byId.set(idOf(u), u);
  }
  return [...byId.values()];
}

/** The mutable subset (§6 token-updates): only these fields move; identity and static fields never do. */
const LIVE_FIELDS: readonly (keyof TokenUpdate)[] = TOKEN_UPDATE_LIVE_FIELDS;

export function mergeDetail(detail: TokenDetail, u: TokenUpdate): TokenDetail {
  if (idOf(detail) !== idOf(u) || u.updatedAt < detail.updatedAt) return detail;
  const live: Partial<TokenUpdate> = {};
  for (const k of LIVE_FIELDS) (live as Record<string, unknown>)[k] = u[k];
  const launchpad = detail.launchpad
    ? {
        ...detail.launchpad,
        bondingProgress: u.bondingProgress ?? detail.launchpad.bondingProgress,
        migrated: u.migrated,
        graduatedAt: u.graduatedAt,
      }
    : null;
  return { ...detail, ...live, launchpad };
}

export function mergePrice(price: TokenPrice, u: TokenUpdate): TokenPrice {
  if (idOf(price) !== idOf(u) || u.updatedAt < price.updatedAt) return price;
  return { ...tokenPriceOf(u), chain: price.chain, address: price.address };
}

type Merge<T> = (item: T, u: TokenUpdate) => T;

/** Applies every update to one envelope; returns the same object when nothing changed (no re-render). */
export function mergeEnvelope<T extends { chain: string; address: string }, E extends { data: T; meta: unknown }>(
  env: E | undefined,
  updates: readonly TokenUpdate[],
  merge: Merge<T>,
): E | undefined {
  if (!env) return env;
  let data = env.data;
  for (const u of updates) data = merge(data, u);
  return data === env.data ? env : { ...env, data };
}

/** Batch envelopes keep input order and error slots (§7.4); only successful slots of matching tokens change. */
export function mergeBatchEnvelope<
  T extends { chain: string; address: string },
  E extends { data: BatchSlot<T>[]; meta: unknown },
>(env: E | undefined, updates: readonly TokenUpdate[], merge: Merge<T>): E | undefined {
  if (!env || !Array.isArray(env.data)) return env;
  const byId = new Map(updates.map((u) => [idOf(u), u]));
  let changed = false;
  const data = env.data.map((slot) => {
    if (!("data" in slot)) return slot;
    const u = byId.get(idOf(slot.data));
    if (!u) return slot;
    const next = merge(slot.data, u);
    if (next === slot.data) return slot;
    changed = true;
    return { data: next };
  });
  return changed ? { ...env, data } : env;
}
