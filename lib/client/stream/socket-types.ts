import type { AuthedFrame, Channel, ChannelParams, EventFrame, LivenessMode } from "@/lib/api/core";
import type { OnlineSource } from "./online";

// The stream client's public shapes (lib/client/stream/socket.ts implements them).

export type ConnectionStatus = "connecting" | "live" | "reconnecting" | "offline";
export interface ConnectionInfo {
  status: ConnectionStatus;
  /** When the status last changed (ms, client clock). */
  since: number;
  /** Connection attempts since the last live connection. */
  attempt: number;
  limits: AuthedFrame["limits"] | null;
  /** Round trip of the last ping, ms. */
  latencyMs: number | null;
}
export interface StreamSubscriptionError {
  code: string;
  message: string;
  limit?: number;
}
export interface SubscriptionHandlers {
  onEvent(frame: EventFrame): void;
  onError?(error: StreamSubscriptionError): void;
  onAck?(): void;
  /** The gateway lost and restored its upstream: repair this subscription's data from REST. */
  onResync?(reason: string): void;
  /** The socket reconnected and this subscription was sent again: repair its data from REST. */
  onReconnect?(): void;
  /** How the gateway serves it: streamed (live) or polled (`delayMs` behind), on the ack and on every change. */
  onMode?(liveness: Liveness): void;
}

export interface Liveness {
  mode: LivenessMode;
  delayMs: number | null;
}

export interface StreamClientOptions {
  url: string | (() => string);
  // biome-ignore lint/suspicious/noExplicitAny: any WebSocket-compatible constructor (browser, ws)
  WebSocket?: any;
  now?: () => number;
  online?: OnlineSource;
  /** Where a trades subscription's replay starts (its newest row, or an older one still awaiting confirmation): sent
   *  as `sinceAt` on resubscribe so the gateway replays what was missed. */
  sinceAt?: (key: string) => number | undefined;
  minDelayMs?: number;
  maxDelayMs?: number;
  heartbeatMs?: number;
  /** No frame for this long: the connection is presumed dead and replaced. */
  idleTimeoutMs?: number;
}

export interface StreamClient {
  subscribe<C extends Channel>(channel: C, params: unknown, handlers: SubscriptionHandlers): () => void;
  connection(): ConnectionInfo;
  onConnection(listener: (c: ConnectionInfo) => void): () => void;
  /** Registered subscriptions (key → client id), for diagnostics and tests. */
  subscriptions(): Map<
    string,
    { id: string; channel: Channel; params: ChannelParams[Channel]; state: "pending" | "active" | "error" }
  >;
  stats(): { framesIn: number; invalidFrames: number; reconnects: number };
  reconnect(): void;
  close(): void;
}
