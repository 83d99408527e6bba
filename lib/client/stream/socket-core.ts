import type { Channel, ChannelParams, ClientFrame, ServerFrame, TradeKey } from "@/lib/api/core";
import { browserOnline } from "./online";
import { openReconnectingSocket } from "./reconnecting";
import type {
  ConnectionInfo,
  StreamClient,
  StreamClientOptions,
  StreamSubscriptionError,
  SubscriptionHandlers,
} from "./socket-types";

// The reconnecting WebSocket to the gateway. A registry of subscriptions with client ids (s1, s2, …): identical
// subscriptions share one id (ref counted), everything is resubscribed on reconnect. How frames and params are checked
// is passed in (`SocketCodec`), so the shared worker runs this same code without zod (socket.ts adds the full checks).

export type ParsedFrame = { ok: true; frame: ServerFrame } | { ok: false; reason: string };

/** Checks a server frame, and a subscription's params (giving its key). */
export interface SocketCodec {
  parseFrame(raw: unknown): ParsedFrame;
  normalize(
    channel: Channel,
    params: unknown,
  ):
    | { ok: true; params: ChannelParams[Channel]; key: string }
    | { ok: false; code: string; message: string };
}

interface Entry {
  id: string;
  key: string;
  channel: Channel;
  params: ChannelParams[Channel];
  handlers: Set<SubscriptionHandlers>;
  state: "pending" | "active" | "error";
  error: StreamSubscriptionError | null;
  retries: number;
  retryTimer: ReturnType<typeof setTimeout> | null;
  /** Trades: the last row the gateway forwarded on this subscription; a resubscribe asks to resume after it. */
  after: (TradeKey & { preconfirmed: boolean }) | null;
}

const MAX_LISTENERS = 1_000;
/** Errors after which the gateway no longer holds the id and a later subscribe may succeed. */
export const RETRYABLE_STREAM_ERRORS = new Set(["rate_limited", "upstream_unavailable", "internal_error"]);
const MAX_RETRY_DELAY_MS = 30_000;

export function createSocketClient(opts: StreamClientOptions, codec: SocketCodec): StreamClient {
  const now = opts.now ?? Date.now;
  const online = opts.online ?? browserOnline();
  const entries = new Map<string, Entry>();
  const byId = new Map<string, Entry>();
  const listeners = new Set<(c: ConnectionInfo) => void>();
  const stats = { framesIn: 0, invalidFrames: 0, reconnects: 0 };
  let nextId = 1;
  let authed = false;
  let everLive = false;
  let lastFrameAt = now();
  let pingSentAt: number | null = null;
  let info: ConnectionInfo = {
    status: online.isOnline() ? "connecting" : "offline",
    since: now(),
    attempt: 0,
    limits: null,
    latencyMs: null,
  };

  const minDelay = opts.minDelayMs ?? 500;
  const ws = openReconnectingSocket(opts.url, opts.WebSocket, { minDelayMs: minDelay, maxDelayMs: opts.maxDelayMs });

  function setInfo(patch: Partial<ConnectionInfo>) {
    const next = { ...info, ...patch };
    if (patch.status && patch.status !== info.status) next.since = now();
    info = next;
    for (const l of listeners) l(info);
  }

  function send(frame: ClientFrame) {
    if (ws.readyState === ws.OPEN && authed) ws.send(JSON.stringify(frame));
  }

  function sendSubscribe(e: Entry) {
    const sinceAt = e.channel === "trades" ? opts.sinceAt?.(e.key) : undefined;
    e.state = "pending";
    send({
      type: "subscribe",
      id: e.id,
      channel: e.channel,
      params: e.params,
      ...(sinceAt !== undefined ? { sinceAt } : {}),
      ...(sinceAt !== undefined && e.after ? { after: e.after } : {}),
    });
  }

  function scheduleRetry(e: Entry) {
    if (e.retryTimer) return;
    const delay = Math.min(MAX_RETRY_DELAY_MS, minDelay * 2 ** e.retries++) * (1 + Math.random());
    e.retryTimer = setTimeout(() => {
      e.retryTimer = null;
      if (entries.get(e.key) === e && e.state === "error") sendSubscribe(e);
    }, delay);
  }

  function each(e: Entry, fn: (h: SubscriptionHandlers) => void) {
    for (const h of [...e.handlers]) {
      try {
        fn(h);
      } catch (err) {
        console.error("stream handler failed", err);
      }
    }
  }

  function onFrame(frame: ServerFrame) {
    switch (frame.type) {
      case "authed": {
        authed = true;
        const wasLive = everLive;
        everLive = true;
        setInfo({ status: "live", attempt: 0, limits: frame.limits });
        for (const e of entries.values()) sendSubscribe(e);
        if (wasLive) {
          stats.reconnects++;
          for (const e of entries.values()) each(e, (h) => h.onReconnect?.());
        }
        return;
      }
      case "subscribed": {
        const e = byId.get(frame.id);
        if (!e) return;
        e.state = "active";
        e.error = null;
        e.retries = 0;
        each(e, (h) => h.onAck?.());
        if (frame.mode) {
          const l = { mode: frame.mode, delayMs: frame.delayMs ?? null };
          each(e, (h) => h.onMode?.(l));
        }
        return;
      }
      case "mode": {
        const l = { mode: frame.mode, delayMs: frame.delayMs ?? null };
        for (const id of frame.ids) {
          const e = byId.get(id);
          if (e) each(e, (h) => h.onMode?.(l));
        }
        return;
      }
      case "error": {
        const e = frame.id ? byId.get(frame.id) : undefined;
        if (!e) return; // connection-level errors are followed by a close; the reconnect handles them
        e.state = "error";
        e.error = {
          code: frame.code,
          message: frame.message,
          ...(frame.limit !== undefined ? { limit: frame.limit } : {}),
        };
        const err = e.error;
        each(e, (h) => h.onError?.(err));
        if (RETRYABLE_STREAM_ERRORS.has(frame.code)) scheduleRetry(e);
        return;
      }
      case "resync":
        for (const id of frame.ids) {
          const e = byId.get(id);
          if (e) each(e, (h) => h.onResync?.(frame.reason));
        }
        return;
      case "pong":
        if (pingSentAt !== null) setInfo({ latencyMs: now() - pingSentAt });
        pingSentAt = null;
        return;
      case "unsubscribed":
        return;
      case "event": {
        const e = byId.get(frame.id);
        if (!e) return;
        if (frame.channel === "trades" && frame.kind === "trades") {
          const last = frame.data.at(-1);
          if (last)
            e.after = { txHash: last.txHash, block: last.block, logIndex: last.logIndex, preconfirmed: last.preconfirmed };
        }
        each(e, (h) => h.onEvent(frame));
        return;
      }
    }
  }

  ws.addEventListener("open", () => {
    authed = false;
    lastFrameAt = now();
  });
  ws.addEventListener("message", (ev: MessageEvent) => {
    lastFrameAt = now();
    stats.framesIn++;
    const parsed = codec.parseFrame(ev.data);
    if (!parsed.ok) {
      stats.invalidFrames++;
      return;
    }
    onFrame(parsed.frame);
  });
  ws.addEventListener("close", () => {
    authed = false;
    pingSentAt = null;
    for (const e of entries.values()) if (e.state === "active") e.state = "pending";
    if (!online.isOnline()) setInfo({ status: "offline" });
    else setInfo({ status: everLive ? "reconnecting" : "connecting", attempt: info.attempt + 1 });
  });

  const stopOnline = online.subscribe((isOnline) => {
    if (!isOnline) setInfo({ status: "offline" });
    else {
      setInfo({ status: everLive ? "reconnecting" : "connecting" });
      ws.reconnect();
    }
  });

  const heartbeatMs = opts.heartbeatMs ?? 20_000;
  const idleTimeoutMs = opts.idleTimeoutMs ?? 45_000;
  const heartbeat = setInterval(() => {
    if (!authed) return;
    if (now() - lastFrameAt > idleTimeoutMs) {
      ws.reconnect();
      return;
    }
    pingSentAt = now();
    send({ type: "ping", t: pingSentAt });
  }, heartbeatMs);

  return {
    subscribe(channel, params, handlers) {
      const parsed = codec.normalize(channel, params);
      if (!parsed.ok) {
        queueMicrotask(() => handlers.onError?.({ code: parsed.code, message: parsed.message }));
        return () => {};
      }
      const key = parsed.key;
      let e = entries.get(key);
      if (!e) {
        e = {
          id: `s${nextId++}`,
          key,
          channel,
          params: parsed.params,
          handlers: new Set(),
          state: "pending",
          error: null,
          retries: 0,
          retryTimer: null,
          after: null,
        };
        entries.set(key, e);
        byId.set(e.id, e);
        sendSubscribe(e);
      } else if (e.error) {
        const err = e.error;
        queueMicrotask(() => handlers.onError?.(err));
      }
      if (e.handlers.size >= MAX_LISTENERS) throw new Error(`more than ${MAX_LISTENERS} listeners on ${key}`);
      e.handlers.add(handlers);
      const entry = e;
      return () => {
        if (!entry.handlers.delete(handlers) || entry.handlers.size > 0) return;
        entries.delete(entry.key);
        byId.delete(entry.id);
        if (entry.retryTimer) clearTimeout(entry.retryTimer);
        send({ type: "unsubscribe", id: entry.id });
      };
    },
    connection: () => info,
    onConnection(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    subscriptions: () =>
      new Map(
        [...entries.values()].map((e) => [e.key, { id: e.id, channel: e.channel, params: e.params, state: e.state }]),
      ),
    stats: () => ({ ...stats }),
    reconnect: () => ws.reconnect(),
    close() {
      clearInterval(heartbeat);
      for (const e of entries.values()) if (e.retryTimer) clearTimeout(e.retryTimer);
      stopOnline();
      listeners.clear();
      ws.close(1000, "closed by client");
    },
  };
}

/** `/api/stream` on the page's own origin (ws: or wss:); in the shared worker, the worker's origin (the same). */
export function defaultStreamUrl(): string {
  return `${location.origin.replace(/^http/, "ws")}/api/stream`;
}
