import { STREAM_LIMITS } from "@/lib/api/stream";

// An instance's own slice of the key's stream budget (§8: 5 connections × 20 subscriptions, 50 tracked tokens or
// pools) when it cannot coordinate with the others: 1/expected of each limit, rounded down, so `expected`
// instances together never pass the key's limits. With more instances than connections a slice holds none (the
// instance then streams nothing itself rather than overdraw the key).

export interface StreamShare {
  connections: number;
  subscriptionsPerConnection: number;
  trackedTokens: number;
}

export function streamShare(expectedInstances: number): StreamShare {
  const n = Math.max(1, Math.floor(expectedInstances));
  return {
    connections: Math.floor(STREAM_LIMITS.connections / n),
    subscriptionsPerConnection: STREAM_LIMITS.subscriptionsPerConnection,
    trackedTokens: Math.floor(STREAM_LIMITS.trackedTokens / n),
  };
}
