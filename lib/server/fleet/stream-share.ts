// An instance's own 1/N slice of the key's stream budget and poll credits, for when it decides alone (docs/fleet.md).

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
