import type { Channel, ChannelParams, EventFrame } from "@/lib/api/core";
import type { ConnectionInfo, Liveness, StreamClient, StreamSubscriptionError } from "../socket-types";
import type { HubToTab, TabSub, TabToHub } from "./protocol";

// The origin's one gateway socket, shared by every tab. Each gateway subscription is held while at least one live tab
// wants it (reference counted per tab); its ack, mode and error are cached so a tab that joins later gets them at
// once. A tab that says bye, or stops beating and no longer holds its lock, is dropped with its subscriptions.

export interface StreamHubOptions {
  /** The real socket client (socket-core.ts); `sinceAt` answers from the tabs' resume points. */
  createClient(sinceAt: (key: string) => number | undefined): StreamClient;
  /** The raw text of an event frame the client parsed (forwarded unparsed; the tab checks it). */
  rawOf?(frame: EventFrame): string | undefined;
  now?: () => number;
  /** Silence after which a tab is presumed gone (unless `isTabAlive` says otherwise). */
  tabTimeoutMs?: number;
  sweepMs?: number;
  /** Whether a silent tab still lives (its Web Lock is held): hidden tabs' timers may be throttled to once a minute. */
  isTabAlive?(tab: string): Promise<boolean>;
  onTabGone?(tab: string): void;
  id?: string;
}

export interface StreamHub {
  readonly id: string;
  /** A message from a tab; `send` reaches that tab. */
  receive(msg: TabToHub, send: (m: HubToTab) => void): void;
  /** Tabs joined now. */
  tabs(): string[];
  /** Keys held at the gateway now. */
  keys(): string[];
  /** Sweeps silent tabs now (the timer does it every `sweepMs`). */
  sweep(): Promise<void>;
  close(): void;
}

interface Tab {
  send: (m: HubToTab) => void;
  lastSeen: number;
  /** key → this tab's resume point (trades), if any. */
  keys: Map<string, number | undefined>;
  checking: boolean;
}

interface Held {
  channel: Channel;
  params: ChannelParams[Channel];
  tabs: Set<string>;
  unsubscribe: () => void;
  state: "pending" | "active" | "error";
  error: StreamSubscriptionError | null;
  liveness: Liveness | null;
}

export const TAB_TIMEOUT_MS = 5_000;
export const MAX_TABS = 256;
export const MAX_KEYS_PER_TAB = 256;

export function createStreamHub(opts: StreamHubOptions): StreamHub {
  const now = opts.now ?? Date.now;
  const id = opts.id ?? `h${Math.random().toString(36).slice(2, 10)}`;
  const tabs = new Map<string, Tab>();
  const held = new Map<string, Held>();
  const timeoutMs = opts.tabTimeoutMs ?? TAB_TIMEOUT_MS;

  const sinceAt = (key: string): number | undefined => {
    let oldest: number | undefined;
    for (const t of held.get(key)?.tabs ?? []) {
      const s = tabs.get(t)?.keys.get(key);
      if (s !== undefined && (oldest === undefined || s < oldest)) oldest = s;
    }
    return oldest;
  };
  const client = opts.createClient(sinceAt);

  function toTabs(h: Held, m: HubToTab) {
    for (const t of h.tabs) tabs.get(t)?.send(m);
  }

  const offConn = client.onConnection((conn: ConnectionInfo) => {
    if (conn.status !== "live") for (const h of held.values()) if (h.state === "active") h.state = "pending";
    for (const t of tabs.values()) t.send({ t: "conn", conn });
  });

  function hold(key: string, sub: TabSub): Held {
    const h: Held = {
      channel: sub.channel,
      params: sub.params,
      tabs: new Set(),
      unsubscribe: () => {},
      state: "pending",
      error: null,
      liveness: null,
    };
    held.set(key, h);
    h.unsubscribe = client.subscribe(sub.channel, sub.params, {
      onEvent: (f) => {
        const raw = opts.rawOf?.(f) ?? JSON.stringify(f);
        toTabs(h, { t: "event", key, raw });
      },
      onAck: () => {
        h.state = "active";
        h.error = null;
        toTabs(h, { t: "ack", key });
      },
      onMode: (liveness) => {
        h.liveness = liveness;
        toTabs(h, { t: "mode", key, liveness });
      },
      onError: (error) => {
        h.state = "error";
        h.error = error;
        toTabs(h, { t: "error", key, error });
      },
      onResync: (reason) => toTabs(h, { t: "resync", key, reason }),
      onReconnect: () => toTabs(h, { t: "reconnected", key }),
    });
    return h;
  }

  function join(tabId: string, tab: Tab, sub: TabSub) {
    if (!tab.keys.has(sub.key) && tab.keys.size >= MAX_KEYS_PER_TAB) {
      tab.send({ t: "error", key: sub.key, error: { code: "limit_subscriptions", message: "too many subscriptions" } });
      return;
    }
    tab.keys.set(sub.key, sub.sinceAt);
    const existing = held.get(sub.key);
    const h = existing ?? hold(sub.key, sub);
    if (h.tabs.has(tabId)) return;
    h.tabs.add(tabId);
    if (!existing) return;
    // Already held: replay what the tab would have heard had it subscribed first.
    if (h.state === "active") {
      tab.send({ t: "ack", key: sub.key });
      if (h.liveness) tab.send({ t: "mode", key: sub.key, liveness: h.liveness });
    } else if (h.state === "error" && h.error) tab.send({ t: "error", key: sub.key, error: h.error });
  }

  function leave(tabId: string, tab: Tab, key: string) {
    tab.keys.delete(key);
    const h = held.get(key);
    if (!h?.tabs.delete(tabId) || h.tabs.size > 0) return;
    held.delete(key);
    h.unsubscribe();
  }

  function drop(tabId: string) {
    const tab = tabs.get(tabId);
    if (!tab) return;
    tabs.delete(tabId);
    for (const key of [...tab.keys.keys()]) leave(tabId, tab, key);
    opts.onTabGone?.(tabId);
  }

  function hello(tabId: string, subs: TabSub[], send: (m: HubToTab) => void) {
    // A second hello (the tab rejoins after a hub change or a bfcache restore) replaces its subscriptions.
    const prev = tabs.get(tabId);
    if (!prev && tabs.size >= MAX_TABS) return;
    const tab: Tab = prev ?? { send, lastSeen: now(), keys: new Map(), checking: false };
    tab.send = send;
    tab.lastSeen = now();
    tabs.set(tabId, tab);
    send({ t: "welcome", hub: id, conn: client.connection() });
    const wanted = new Set(subs.map((s) => s.key));
    for (const key of [...tab.keys.keys()]) if (!wanted.has(key)) leave(tabId, tab, key);
    for (const s of subs) join(tabId, tab, s);
  }

  async function sweep() {
    const cutoff = now() - timeoutMs;
    await Promise.all(
      [...tabs].map(async ([tabId, tab]) => {
        if (tab.lastSeen >= cutoff || tab.checking) return;
        tab.checking = true;
        const alive = opts.isTabAlive ? await opts.isTabAlive(tabId).catch(() => false) : false;
        tab.checking = false;
        if (tabs.get(tabId) !== tab) return;
        if (alive) tab.lastSeen = now();
        else drop(tabId);
      }),
    );
  }
  const sweepTimer = setInterval(() => void sweep(), opts.sweepMs ?? 1_000);

  return {
    id,
    receive(msg, send) {
      if (msg.t === "hello") return hello(msg.tab, msg.subs, send);
      const tab = tabs.get(msg.tab);
      if (!tab) {
        if (msg.t !== "bye") send({ t: "unknown", hub: id });
        return;
      }
      tab.lastSeen = now();
      switch (msg.t) {
        case "sub":
          return join(msg.tab, tab, msg);
        case "unsub":
          return leave(msg.tab, tab, msg.key);
        case "beat":
          for (const [key, at] of Object.entries(msg.since))
            if (tab.keys.has(key) && Number.isFinite(at)) tab.keys.set(key, at);
          return;
        case "reconnect":
          return client.reconnect();
        case "bye":
          return drop(msg.tab);
      }
    },
    tabs: () => [...tabs.keys()],
    keys: () => [...held.keys()],
    sweep,
    close() {
      clearInterval(sweepTimer);
      offConn();
      for (const tabId of [...tabs.keys()]) drop(tabId);
      client.close();
    },
  };
}
