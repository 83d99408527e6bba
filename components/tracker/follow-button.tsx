"use client";

import { chainInfo } from "@/lib/api/core";
import { FOLLOW_MAX } from "@/lib/client/tracker";
import { useFollows, useFollowsHydrated, useIsFollowed } from "@/lib/client/tracker/store";
import { cn } from "@/components/ui/cn";

/** "Follow" on the wallet page: adds the wallet (on the chain shown) to the tracker; "Following" takes it off. */
export function FollowButton({ chain, wallet, name }: { chain: string; wallet: string; name?: string | null }) {
  const hydrated = useFollowsHydrated();
  const followed = useIsFollowed(chain, wallet) && hydrated;
  const full = useFollows((s) => s.wallets.length >= FOLLOW_MAX);
  const follow = useFollows((s) => s.follow);
  const unfollow = useFollows((s) => s.unfollow);
  const where = chainInfo(chain)?.name ?? chain;
  const blocked = hydrated && !followed && full;
  return (
    <button
      type="button"
      data-testid="follow-wallet"
      aria-pressed={followed}
      disabled={!hydrated || blocked}
      title={
        blocked
          ? `The tracker holds ${FOLLOW_MAX} wallets: unfollow one first`
          : followed
            ? `In your tracker (${where}); click to unfollow`
            : `Add this wallet's ${where} trades to your tracker`
      }
      onClick={() => (followed ? unfollow(chain, wallet) : follow({ chain, address: wallet, name }))}
      className={cn(
        "h-7 min-w-24 rounded border px-3 text-xs font-semibold transition-colors disabled:opacity-50",
        followed
          ? "border-accent bg-accent/15 text-accent hover:border-down hover:bg-down/10 hover:text-down"
          : "border-accent bg-accent text-bg hover:bg-accent/85",
      )}
    >
      {followed ? "Following" : "Follow"}
    </button>
  );
}
