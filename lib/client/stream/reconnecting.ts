import ReconnectingWebSocket from "reconnecting-websocket";

// The tab's one reconnecting socket: exponential backoff ×1.6 from `minDelayMs` with fresh jitter on every attempt
// (so a gateway restart is not met by every tab at once), capped at `maxDelayMs`; nothing queued while closed.

export interface BackoffOptions {
  minDelayMs?: number;
  maxDelayMs?: number;
  random?: () => number;
}

export const BACKOFF_GROWTH = 1.6;

/** reconnecting-websocket re-reads its options on each attempt: a getter gives every step its own jitter. */
export function backoffOptions({ minDelayMs = 500, maxDelayMs = 10_000, random = Math.random }: BackoffOptions = {}) {
  return {
    get minReconnectionDelay() {
      return minDelayMs + random() * minDelayMs;
    },
    maxReconnectionDelay: maxDelayMs,
    reconnectionDelayGrowFactor: BACKOFF_GROWTH,
  };
}

export function openReconnectingSocket(
  url: string | (() => string),
  // biome-ignore lint/suspicious/noExplicitAny: any WebSocket-compatible constructor (browser, ws)
  WebSocketImpl: any,
  backoff: BackoffOptions,
): ReconnectingWebSocket {
  return new ReconnectingWebSocket(url, [], {
    WebSocket: WebSocketImpl,
    ...backoffOptions(backoff),
    connectionTimeout: 5_000,
    maxEnqueuedMessages: 0, // subscriptions are re-sent on open, never replayed from a queue
  });
}
