import type { Channel, ChannelParams } from "@/lib/api/core";
import type { SocketCodec } from "../socket-core";
import type {
  ConnectionInfo,
  Liveness,
  StreamClient,
  StreamSubscriptionError,
  SubscriptionHandlers,
} from "../socket-types";
import type { HubToTab, TabSub, TabToHub } from "./protocol";

// A tab's StreamClient that talks to the origin's hub instead of opening a socket. Same contract as socket-core.ts:
// identical subscriptions share one entry, errors replay to late handlers, and after a hub change (the leader tab
// closed) every subscription is joined again and, once acknowledged, repaired like after a reconnect.

export interface HubTransport {
  send(m: TabToHub): void;
  onMessage(listener: (m: HubToTab) => void): void;
  close(): void;
  /** The hub has not answered the tab's hello: reach it again (a new port), or another way when this one stays mute. */
  reconnect?(): void;
}

export interface HubClientOptions {
  tab: string;
  transport: HubTransport;
  /** Full checks (socket.ts FULL_CODEC): params before they leave the tab, event frames before any reducer. */
  codec: SocketCodec;
  sinceAt?: (key: string) => number | undefined;
  now?: () => number;
  /** How often the tab tells the hub it lives (with its resume points). */
  beatMs?: number;
  /** How long a hello may go unanswered before the tab reaches for the hub again. */
  welcomeTimeoutMs?: number;
}

interface Entry {
  key: string;
  channel: Channel;
  params: ChannelParams[Channel];
  handlers: Set<SubscriptionHandlers>;
  state: "pending" | "active" | "error";
  error: StreamSubscriptionError | null;
  /** Joined a new hub after being acknowledged by the old one: repair on the next ack. */
  rejoined: boolean;
  acked: boolean;
}

export const TAB_BEAT_MS = 1_000;
export const WELCOME_TIMEOUT_MS = 4_000;

export interface HubClient extends StreamClient {
  /** The tab leaves (pagehide): the hub drops its subscriptions now. */
  bye(): void;
  /** The tab is back (bfcache restore): join again, repairing what was acknowledged. */
  rejoin(): void;
}

export function createHubClient(opts: HubClientOptions): HubClient {
  const now = opts.now ?? Date.now;
  const { tab, transport, codec } = opts;
  const entries = new Map<string, Entry>();
  const listeners = new Set<(c: ConnectionInfo) => void>();
  const stats = { framesIn: 0, invalidFrames: 0, reconnects: 0 };
  let hub: string | null = null;
  let closed = false;
  let info: ConnectionInfo = { status: "connecting", since: now(), attempt: 0, limits: null, latencyMs: null };
  /** When the hello the hub has not answered yet was sent; null once welcomed. */
  let helloAt: number | null = null;

  function setInfo(next: ConnectionInfo) {
    if (info.status === "live" && next.status !== "live") stats.reconnects++;
    info = next;
    for (const l of listeners) l(info);
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

  const send = (m: TabToHub) => {
    if (!closed) transport.send(m);
  };
  const subOf = (e: Entry): TabSub => {
    const sinceAt = e.channel === "trades" ? opts.sinceAt?.(e.key) : undefined;
    return { key: e.key, channel: e.channel, params: e.params, ...(sinceAt !== undefined ? { sinceAt } : {}) };
  };

  function hello(afterLoss: boolean) {
    for (const e of entries.values()) {
      if (afterLoss && e.acked) e.rejoined = true;
      if (e.state === "active") e.state = "pending";
    }
    helloAt = now();
    send({ t: "hello", tab, subs: [...entries.values()].map(subOf) });
  }

  /**
   * A tab whose hello goes unanswered would say Connecting for its whole life (a message lost on its way, a port that
   * never reached the hub): it reaches for the hub again and joins anew, repairing what was acknowledged before.
   */
  function checkWelcome() {
    if (helloAt === null || now() - helloAt < (opts.welcomeTimeoutMs ?? WELCOME_TIMEOUT_MS)) return;
    transport.reconnect?.();
    hello(true);
  }

  function onMessage(m: HubToTab) {
    if (closed) return;
    switch (m.t) {
      case "welcome":
        hub = m.hub;
        helloAt = null;
        setInfo(m.conn);
        return;
      case "hub":
        // A new hub took over: what it missed while no hub held the socket is repaired once it acknowledges.
        if (m.hub !== hub) hello(hub !== null);
        return;
      case "unknown":
        if (m.hub === hub || hub === null) hello(true);
        return;
      case "conn":
        setInfo(m.conn);
        return;
      case "event": {
        const e = entries.get(m.key);
        if (!e) return;
        stats.framesIn++;
        const parsed = codec.parseFrame(m.raw);
        if (!parsed.ok || parsed.frame.type !== "event") {
          stats.invalidFrames++;
          return;
        }
        const frame = parsed.frame;
        each(e, (h) => h.onEvent(frame));
        return;
      }
    }
    const e = entries.get(m.key);
    if (!e) return;
    switch (m.t) {
      case "ack": {
        e.state = "active";
        e.error = null;
        e.acked = true;
        const rejoined = e.rejoined;
        e.rejoined = false;
        each(e, (h) => h.onAck?.());
        if (rejoined) each(e, (h) => h.onReconnect?.());
        return;
      }
      case "mode": {
        const l: Liveness = m.liveness;
        each(e, (h) => h.onMode?.(l));
        return;
      }
      case "error":
        e.state = "error";
        e.error = m.error;
        each(e, (h) => h.onError?.(m.error));
        return;
      case "resync":
        each(e, (h) => h.onResync?.(m.reason));
        return;
      case "reconnected":
        each(e, (h) => h.onReconnect?.());
        return;
    }
  }

  transport.onMessage(onMessage);
  hello(false);

  const beat = setInterval(() => {
    checkWelcome();
    const since: Record<string, number> = {};
    for (const e of entries.values()) {
      const at = e.channel === "trades" ? opts.sinceAt?.(e.key) : undefined;
      if (at !== undefined) since[e.key] = at;
    }
    send({ t: "beat", tab, since });
  }, opts.beatMs ?? TAB_BEAT_MS);

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
          key,
          channel,
          params: parsed.params,
          handlers: new Set(),
          state: "pending",
          error: null,
          rejoined: false,
          acked: false,
        };
        entries.set(key, e);
        send({ t: "sub", tab, ...subOf(e) });
      } else if (e.error) {
        const err = e.error;
        queueMicrotask(() => handlers.onError?.(err));
      }
      e.handlers.add(handlers);
      const entry = e;
      return () => {
        if (!entry.handlers.delete(handlers) || entry.handlers.size > 0) return;
        entries.delete(entry.key);
        send({ t: "unsub", tab, key: entry.key });
      };
    },
    connection: () => info,
    onConnection(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    subscriptions: () =>
      new Map(
        [...entries.values()].map((e) => [
          e.key,
          { id: `${tab}:${e.key}`, channel: e.channel, params: e.params, state: e.state },
        ]),
      ),
    stats: () => ({ ...stats }),
    reconnect: () => send({ t: "reconnect", tab }),
    bye: () => send({ t: "bye", tab }),
    rejoin: () => hello(true),
    close() {
      clearInterval(beat);
      send({ t: "bye", tab });
      closed = true;
      listeners.clear();
      transport.close();
    },
  };
}
