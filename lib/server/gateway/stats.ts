// Counters of one gateway. Gauges (connections, subscriptions, tracked) are read live from the pool and sessions.

export interface GatewayCounters {
  /** Upstream event frames received. */
  messagesIn: number;
  /** Frames sent (or queued) to browsers, events and control frames. */
  messagesOut: number;
  bytesOut: number;
  browserFramesIn: number;
  browserConnectionsTotal: number;
  /** Frames replaced in a slow browser's queue by a newer latest-wins frame. */
  conflated: number;
  /** Frames never delivered: queued for a browser closed as a slow consumer, or events for an unknown subscription. */
  dropped: number;
  /** Trade rows the upstream repeated (after a reconnect or a duplicate delivery), forwarded once. */
  duplicateRows: number;
  slowConsumerCloses: number;
  resyncs: number;
  upstreamReconnects: number;
  /** Upstream connections refused because the key was rejected (each starts a hard backoff). */
  upstreamAuthRejections: number;
  upstreamMalformed: number;
  originRejected: number;
  limitRejections: number;
  invalidFrames: number;
}

export function createCounters(): GatewayCounters {
  return {
    messagesIn: 0, messagesOut: 0, bytesOut: 0, browserFramesIn: 0, browserConnectionsTotal: 0, conflated: 0,
    dropped: 0, duplicateRows: 0, slowConsumerCloses: 0, resyncs: 0, upstreamReconnects: 0, upstreamAuthRejections: 0, upstreamMalformed: 0,
    originRejected: 0, limitRejections: 0, invalidFrames: 0,
  };
}

export interface GatewayGauges {
  upstreamConnections: number;
  upstreamSubscriptions: number;
  trackedTokens: number;
  /** Upstream connection time, the unit the key is billed in (§8: 1 credit per connection-minute). */
  connectionMinutes: number;
  browserConnections: number;
  browserSubscriptions: number;
  queuedBytes: number;
}

export type GatewayStats = GatewayCounters & GatewayGauges;

const STATS = Symbol.for("trading-explorer.stream-gateway");
type Holder = { [STATS]?: () => GatewayStats };

/** Published on globalThis: server.ts and Next's bundles hold separate module copies. */
export function publishStats(read: (() => GatewayStats) | undefined): void {
  (globalThis as Holder)[STATS] = read;
}

/** The running gateway's figures, or null when none runs in this process. */
export function readGatewayStats(): GatewayStats | null {
  return (globalThis as Holder)[STATS]?.() ?? null;
}
