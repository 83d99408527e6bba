// An instance's own slice of the key's stream budget (§8: 5 connections × 20 subscriptions, 50 tracked tokens or
// pools; STREAM_MAX_* when the key's limits were raised) and of the poll credits, for instances that do not
// coordinate their upstream streams: 1/expected of each, rounded down, so `expected` instances together never pass
// the key's limits. With more instances than connections a slice holds none: that instance then polls everything
// (the liveness scheduler's fallback) rather than overdraw the key.

export interface StreamBudget {
  connections: number;
  subscriptionsPerConnection: number;
  trackedTokens: number;
  pulseReserve: number;
}

export function streamShare(budget: StreamBudget, expectedInstances: number): StreamBudget {
  const n = Math.max(1, Math.floor(expectedInstances));
  const connections = Math.floor(budget.connections / n);
  return {
    connections,
    subscriptionsPerConnection: budget.subscriptionsPerConnection,
    trackedTokens: Math.floor(budget.trackedTokens / n),
    pulseReserve: Math.min(budget.pulseReserve, connections * budget.subscriptionsPerConnection),
  };
}

export function pollCreditsShare(creditsPerMinute: number, expectedInstances: number): number {
  return Math.floor(creditsPerMinute / Math.max(1, Math.floor(expectedInstances)));
}
