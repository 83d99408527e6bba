import type { WalletProfile } from "@/lib/api/core";

// Display names of the makers on screen, from the profile batch (§4.6): bounded, and a wallet without an identity is
// asked again later because identities are harvested continuously (§2.6).

export const NAME_CACHE_MAX = 2_000;
export const NO_IDENTITY_TTL_MS = 5 * 60_000;
export const PROFILE_BATCH_MAX = 100;

export interface MakerName {
  name: string | null;
  isPro: boolean;
}

export function profileName(p: WalletProfile | null): string | null {
  if (!p) return null;
  return p.displayName || p.ensName || p.basename || p.solName || null;
}

interface Entry {
  value: MakerName | null;
  at: number;
}

export interface NameCache {
  get(address: string): MakerName | null | undefined;
  set(address: string, profile: WalletProfile | null, now: number): void;
  /** Addresses to ask for now: unknown, or known to have no identity for longer than the TTL; in-flight skipped. */
  missing(addresses: Iterable<string>, now: number): string[];
  markInFlight(addresses: readonly string[]): void;
  clearInFlight(addresses: readonly string[]): void;
  readonly size: number;
}

export function createNameCache(max = NAME_CACHE_MAX, noIdentityTtlMs = NO_IDENTITY_TTL_MS): NameCache {
  const entries = new Map<string, Entry>();
  const inFlight = new Set<string>();
  return {
    get(address) {
      const e = entries.get(address);
      return e === undefined ? undefined : e.value;
    },
    set(address, profile, now) {
      entries.delete(address);
      entries.set(address, {
        value: profile ? { name: profileName(profile), isPro: profile.isProTrader } : null,
        at: now,
      });
      while (entries.size > max) {
        const oldest = entries.keys().next().value as string;
        entries.delete(oldest);
      }
    },
    missing(addresses, now) {
      const out: string[] = [];
      for (const a of new Set(addresses)) {
        if (inFlight.has(a)) continue;
        const e = entries.get(a);
        if (!e || (e.value === null && now - e.at > noIdentityTtlMs)) out.push(a);
      }
      return out;
    },
    markInFlight(addresses) {
      for (const a of addresses) inFlight.add(a);
    },
    clearInFlight(addresses) {
      for (const a of addresses) inFlight.delete(a);
    },
    get size() {
      return entries.size;
    },
  };
}

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
