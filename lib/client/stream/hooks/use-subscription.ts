"use client";

import { useEffect, useMemo } from "react";
import { type Channel, parseChannelParams, subscriptionKey } from "@/lib/api/core";
import { stableJson } from "../../query-keys";
import { useStreamRuntime } from "../provider";
import type { StreamSubscriptionError } from "../socket";
import { useStable } from "./use-stable";
import { useStreamStore } from "./use-stream-store";

/** The store key of a subscription: the runtime's key for valid params, a stable `invalid:` key otherwise. */
export function streamKey(channel: Channel, params: unknown): string {
  const p = parseChannelParams(channel, params);
  return p.ok ? subscriptionKey(channel, p.params) : `invalid:${channel}:${stableJson(params)}`;
}

/** Holds a stream subscription while mounted (shared with identical ones in the tab); null params = none. */
export function useSubscription(channel: Channel, params: object | null): string | null {
  const runtime = useStreamRuntime();
  const stable = useStable(params);
  const key = useMemo(() => (stable ? streamKey(channel, stable) : null), [channel, stable]);
  useEffect(() => {
    if (!runtime || !stable) return;
    const held = runtime.acquire(channel, stable);
    return held.release;
  }, [runtime, channel, stable]);
  return key;
}

/** The stream's error for a subscription (e.g. `limit_tracked` with its `limit`), or null. */
export function useSubscriptionError(channel: Channel, params: object | null): StreamSubscriptionError | null {
  const stable = useStable(params);
  const key = useMemo(() => (stable ? streamKey(channel, stable) : null), [channel, stable]);
  return useStreamStore((s) => (key ? (s.subErrors[key] ?? null) : null));
}

/** Live token state (price, market cap, liquidity, bonding, 24h stats) merged into tokenOptions / tokenPriceOptions. */
export function useTokenUpdates(params: { chain: string; address: string } | null): StreamSubscriptionError | null {
  const key = useSubscription("token-updates", params);
  return useStreamStore((s) => (key ? (s.subErrors[key] ?? null) : null));
}
