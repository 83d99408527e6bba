import { parseChannelParams, subscriptionKey } from "@/lib/api/core";
import { parseServerFrame } from "./frames";
import { createSocketClient, type SocketCodec } from "./socket-core";
import type { StreamClient, StreamClientOptions } from "./socket-types";

// One reconnecting WebSocket to the gateway (socket-core.ts), every frame and params checked in full (zod). The
// browser shares one per origin (shared/connect.ts); this is what the shared hub and tests without one run.

export { defaultStreamUrl, RETRYABLE_STREAM_ERRORS } from "./socket-core";
export type {
  ConnectionInfo,
  ConnectionStatus,
  Liveness,
  StreamClient,
  StreamClientOptions,
  StreamSubscriptionError,
  SubscriptionHandlers,
} from "./socket-types";

export const FULL_CODEC: SocketCodec = {
  parseFrame: parseServerFrame,
  normalize(channel, params) {
    const parsed = parseChannelParams(channel, params);
    return parsed.ok ? { ok: true, params: parsed.params, key: subscriptionKey(channel, parsed.params) } : parsed;
  },
};

export function createStreamClient(opts: StreamClientOptions): StreamClient {
  return createSocketClient(opts, FULL_CODEC);
}
