import { canonicalAddress, type Factory, type PulseToken } from "@/lib/api/core";
import { compareText } from "@/lib/format/order";

// Launchpad labels (§4.14 /v1/meta/factories): a token's pool factory names its launchpad. A migrated token's pool
// belongs to the DEX it moved to, so its launchpad may be unknown; we say so rather than guess.

export interface LaunchpadIndex {
  byFactory: ReadonlyMap<string, Factory>;
  /** Launchpads of the given chains, by name, for the filter's choices (one entry per slug). */
  choices: readonly Factory[];
}

const keyOf = (chain: string, address: string) => `${chain}:${canonicalAddress(address) ?? address}`;

export function launchpadIndex(factories: readonly Factory[] | undefined, chains: readonly string[]): LaunchpadIndex {
  const byFactory = new Map<string, Factory>();
  const bySlug = new Map<string, Factory>();
  const wanted = new Set(chains);
  for (const f of factories ?? []) {
    byFactory.set(keyOf(f.chain, f.address), f);
    if (wanted.has(f.chain) && !bySlug.has(f.slug)) bySlug.set(f.slug, f);
  }
  const choices = [...bySlug.values()].sort((a, b) => compareText(a.name, b.name));
  return { byFactory, choices };
}

export function launchpadOf(index: LaunchpadIndex, t: Pick<PulseToken, "chain" | "pool">): Factory | null {
  if (!t.pool.factory) return null;
  return index.byFactory.get(keyOf(t.chain, t.pool.factory)) ?? null;
}
