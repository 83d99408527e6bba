import { type RawData, WebSocket } from "ws";
import { CHANNELS, type Channel, CLOSE_CODES, isPollOnly, STREAM_PATH, type StreamErrorCode } from "@/lib/api";
import { scrub } from "../upstream/errors";
import type { Clock, TimerHandle } from "@/lib/api/clock";

// The only code that knows the upstream's frame protocol (lib/api/stream.ts: the key in the first frame,
// client-chosen subscription ids, `event` envelopes). An upstream with other frame shapes changes this file only:
// the rest of the gateway sees the neutral calls and callbacks below.

export interface UpstreamEvent {
  upId: string;
  channel: Channel;
  /** trades: trades | revert · ohlcv: candle · token-updates: update · pulse: snapshot | enter | update | leave */
  kind: string;
  data: unknown;
  meta: Record<string, unknown>;
}

export interface UpstreamHandlers {
  /** Authenticated: subscriptions may be sent. */
  onReady(): void;
  onSubscribed(upId: string): void;
  onUnsubscribed(upId: string): void;
  /** An error frame, mapped for browsers; `upId` when it concerns one subscription. */
  onError(error: UpstreamError): void;
  onEvent(event: UpstreamEvent): void;
  /** A frame that does not follow the protocol (dropped). */
  onMalformed(reason: string): void;
  /** Fired once, whatever ended the connection. */
  onClosed(info: { code: number; reason: string; authFailed: boolean }): void;
}

export interface UpstreamError {
  /** One of our documented stream codes, whatever the upstream said. */
  code: StreamErrorCode;
  /** Safe to show a browser: scrubbed of the key, capped. */
  message: string;
  upId?: string;
  limit?: number;
  /** The upstream's own code, scrubbed and cut (for logs). */
  upstreamCode: string;
}

/** Upstream codes a browser can act on as they are; every other one is mapped below. */
const PASSED_ON = new Set<string>(["unknown_channel", "invalid_params", "token_not_found", "limit_subscriptions", "limit_tracked", "upstream_unavailable"]);
const MAPPED: Record<string, [StreamErrorCode, string]> = {
  auth_required: ["upstream_auth", "the market stream rejected this server's credentials"],
  auth_failed: ["upstream_auth", "the market stream rejected this server's credentials"],
  rate_limited: ["upstream_unavailable", "the market stream is busy; retry shortly"],
  limit_connections: ["upstream_unavailable", "the market stream is at capacity; retry shortly"],
};
const INTERNAL: [StreamErrorCode, string] = ["internal_error", "the market stream refused the request; retry shortly"];

/** An upstream error frame as a browser may see it: a documented code, and never the key in the message. */
export function mapUpstreamError(code: string, message: string, key: string): { code: StreamErrorCode; message: string } {
  if (PASSED_ON.has(code)) return { code: code as StreamErrorCode, message: scrub(message, key) || code };
  const [mapped, text] = Object.hasOwn(MAPPED, code) ? MAPPED[code] : INTERNAL;
  return { code: mapped, message: text };
}

export interface UpstreamConnection {
  subscribe(upId: string, channel: Channel, params: unknown): void;
  unsubscribe(upId: string): void;
  close(): void;
}

export interface UpstreamOptions {
  streamUrl: string;
  key: string;
  clock: Clock;
  handlers: UpstreamHandlers;
  /** Give up when not authenticated within this time. */
  readyTimeoutMs?: number;
  /** Protocol pings; a connection silent for two intervals is dropped. */
  keepaliveMs?: number;
}

const MAX_UPSTREAM_FRAME = 8 * 1024 * 1024;

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);
const isTokenRef = (x: unknown) => isObj(x) && typeof x.chain === "string" && typeof x.address === "string";
const isTradeKey = (x: unknown) => isObj(x) && typeof x.txHash === "string" && Number.isInteger(x.block) && Number.isInteger(x.logIndex);
const arrayOf = (x: unknown, ok: (v: unknown) => boolean) => Array.isArray(x) && x.every(ok);

// Just enough shape checking that the gateway's state keeping can rely on it; full schemas are the browser's job.
const DATA_CHECKS: Record<string, (d: unknown) => boolean> = {
  "trades/trades": (d) => arrayOf(d, (r) => isTradeKey(r) && typeof (r as { at: unknown }).at === "number"),
  "trades/revert": (d) => arrayOf(d, isTradeKey),
  "ohlcv/candle": (d) => arrayOf(d, (c) => isObj(c) && Number.isInteger(c.time)),
  "token-updates/update": isTokenRef,
  "pulse/snapshot": (d) => arrayOf(d, isTokenRef),
  "pulse/enter": isTokenRef,
  "pulse/update": isTokenRef,
  "pulse/leave": isTokenRef,
};

export function openUpstream(opts: UpstreamOptions): UpstreamConnection {
  const { clock, handlers } = opts;
  const keepaliveMs = opts.keepaliveMs ?? 15_000;
  const ws = new WebSocket(`${opts.streamUrl}${STREAM_PATH}`, { perMessageDeflate: false, maxPayload: MAX_UPSTREAM_FRAME });
  let ready = false;
  let closed = false;
  let authRefused = false;
  let lastHeard = clock.now();
  let keepalive: TimerHandle | undefined;
  const readyTimer = clock.setTimeout(() => finish(1006, "upstream did not authenticate in time"), opts.readyTimeoutMs ?? 10_000);

  const send = (frame: unknown) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(frame));
  };

  function finish(code: number, reason: string) {
    if (closed) return;
    closed = true;
    clock.clearTimeout(readyTimer);
    clock.clearTimeout(keepalive);
    ws.removeAllListeners();
    ws.on("error", () => {});
    ws.terminate();
    handlers.onClosed({ code, reason: scrub(reason, opts.key), authFailed: authRefused || code === CLOSE_CODES.authFailed });
  }

  function tick() {
    if (clock.now() - lastHeard > 2 * keepaliveMs) return finish(1006, "upstream went silent");
    if (ws.readyState === WebSocket.OPEN) ws.ping();
    keepalive = clock.setTimeout(tick, keepaliveMs);
  }

  function onFrame(raw: RawData) {
    lastHeard = clock.now();
    let frame: unknown;
    try {
      frame = JSON.parse(raw.toString());
    } catch {
      return handlers.onMalformed("not JSON");
    }
    if (!isObj(frame) || typeof frame.type !== "string") return handlers.onMalformed("no frame type");
    const id = typeof frame.id === "string" ? frame.id : undefined;
    switch (frame.type) {
      case "event": {
        const channel = frame.channel as Channel;
        const key = `${String(channel)}/${String(frame.kind)}`;
        if (!id || !CHANNELS.includes(channel) || isPollOnly(channel) || !isObj(frame.meta) || !DATA_CHECKS[key]?.(frame.data))
          return handlers.onMalformed(scrub(`bad event ${key.slice(0, 40)}`, opts.key));
        return handlers.onEvent({ upId: id, channel, kind: frame.kind as string, data: frame.data, meta: frame.meta });
      }
      case "authed":
        if (ready) return;
        ready = true;
        clock.clearTimeout(readyTimer);
        keepalive = clock.setTimeout(tick, keepaliveMs);
        return handlers.onReady();
      case "subscribed":
        return id ? handlers.onSubscribed(id) : handlers.onMalformed("subscribed without id");
      case "unsubscribed":
        return id ? handlers.onUnsubscribed(id) : handlers.onMalformed("unsubscribed without id");
      case "error": {
        const upstreamCode = String(frame.code ?? "internal_error");
        const mapped = mapUpstreamError(upstreamCode, String(frame.message ?? ""), opts.key);
        if (!ready && mapped.code === "upstream_auth") authRefused = true;
        return handlers.onError({
          ...mapped,
          upId: id,
          limit: Number.isInteger(frame.limit) ? (frame.limit as number) : undefined,
          upstreamCode: scrub(upstreamCode, opts.key).slice(0, 64),
        });
      }
      case "pong":
        return;
      default:
        return handlers.onMalformed(scrub(`unknown frame type ${frame.type.slice(0, 32)}`, opts.key));
    }
  }

  ws.on("open", () => send({ type: "auth", key: opts.key }));
  ws.on("message", onFrame);
  ws.on("pong", () => {
    lastHeard = clock.now();
  });
  ws.on("close", (code, reason) => finish(code, reason.toString() || "closed"));
  ws.on("error", (err) => finish(1006, err.message));
  ws.on("unexpected-response", (_req, res) => finish(1006, `upstream answered HTTP ${res.statusCode}`));

  return {
    // A poll-only channel is not the market's (no such stream channel): never asked for, whatever the caller.
    subscribe: (upId, channel, params) => (isPollOnly(channel) ? undefined : send({ type: "subscribe", id: upId, channel, params })),
    unsubscribe: (upId) => send({ type: "unsubscribe", id: upId }),
    close: () => {
      if (closed) return;
      if (ws.readyState === WebSocket.OPEN) ws.close(1000, "idle");
      finish(1000, "closed by the gateway");
    },
  };
}
