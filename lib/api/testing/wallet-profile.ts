import type { WalletProfile } from "../schemas";

/** A §2.6 profile with no identity fields set, for tests; `over` fills in what a test needs. */
export function walletProfileFixture(over: Partial<WalletProfile> = {}): WalletProfile {
  return {
    address: "0x1",
    displayName: null,
    avatarUrl: null,
    ensName: null,
    basename: null,
    solName: null,
    bio: null,
    socials: {},
    followerCounts: {},
    sources: [],
    identityGroup: "g",
    isProTrader: false,
    ...over,
  };
}
