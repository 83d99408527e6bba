import type { Channel } from "@/lib/api";
import { subscriptionKey } from "@/lib/api/core";
import type { BroadcastChannelLike, LeaderDeps } from "../shared/leader";
import type { ConnectionInfo, StreamClient, SubscriptionHandlers } from "../socket-types";

// In-memory stand-ins for the shared socket's parts: a StreamClient whose gateway the test plays, Web Locks and
// BroadcastChannel for several "tabs" in one process (each tab can crash: its locks go, its channels fall silent).

export interface FakeUpstream {
  client: StreamClient;
  /** Keys subscribed at the gateway now. */
  keys(): string[];
  handlers(key: string): SubscriptionHandlers;
  sinceAt(key: string): number | undefined;
  setConn(patch: Partial<ConnectionInfo>): void;
  reconnects: number;
  closed: boolean;
}

export function fakeUpstream(sinceAt: (key: string) => number | undefined): FakeUpstream {
  const subs = new Map<string, SubscriptionHandlers>();
  const listeners = new Set<(c: ConnectionInfo) => void>();
  let info: ConnectionInfo = { status: "live", since: 0, attempt: 0, limits: null, latencyMs: null };
  const up: FakeUpstream = {
    reconnects: 0,
    closed: false,
    keys: () => [...subs.keys()].sort(),
    handlers(key) {
      const h = subs.get(key);
      if (!h) throw new Error(`not subscribed: ${key}`);
      return h;
    },
    sinceAt,
    setConn(patch) {
      info = { ...info, ...patch };
      for (const l of listeners) l(info);
    },
    client: {
      subscribe(channel: Channel, params: unknown, handlers: SubscriptionHandlers) {
        const key = subscriptionKey(channel, params as never);
        if (subs.has(key)) throw new Error(`subscribed twice: ${key}`);
        subs.set(key, handlers);
        return () => {
          subs.delete(key);
        };
      },
      connection: () => info,
      onConnection(l) {
        listeners.add(l);
        return () => listeners.delete(l);
      },
      subscriptions: () => new Map(),
      stats: () => ({ framesIn: 0, invalidFrames: 0, reconnects: 0 }),
      reconnect: () => {
        up.reconnects++;
      },
      close: () => {
        up.closed = true;
      },
    },
  };
  return up;
}

export const tradesParams = (n: number) => ({
  chain: "evm:8453",
  address: `0x${n.toString(16).padStart(40, "0")}`,
});
export const tradesKey = (n: number) => subscriptionKey("trades", tradesParams(n));

/** Web Locks and BroadcastChannel shared by several tabs in one process. */
export function fakeBrowser() {
  type Holder = { tab: string; release: () => void };
  const held = new Map<string, Holder>();
  const waiting = new Map<string, Array<{ tab: string; grant: () => void }>>();
  const channels = new Set<{ name: string; tab: string; ch: BroadcastChannelLike; open: boolean }>();
  const crashed = new Set<string>();

  function grantNext(name: string) {
    const q = waiting.get(name);
    const next = q?.shift();
    if (next) next.grant();
  }

  function depsFor(tab: string): LeaderDeps {
    return {
      locks: {
        request: ((name: string, cb: () => Promise<void> | undefined) =>
          new Promise<void>((done) => {
            // Granted at once when free (the holder is set now, its callback runs a moment later), else queued.
            const grant = () => {
              if (crashed.has(tab)) {
                held.delete(name);
                return grantNext(name);
              }
              let released = false;
              const release = () => {
                if (released) return;
                released = true;
                if (held.get(name)?.tab === tab) held.delete(name);
                done();
                grantNext(name);
              };
              held.set(name, { tab, release });
              queueMicrotask(() => void Promise.resolve(cb()).then(release, release));
            };
            if (held.has(name)) {
              const q = waiting.get(name) ?? [];
              q.push({ tab, grant });
              waiting.set(name, q);
            } else grant();
          })) as unknown as LockManager["request"],
      },
      channel(name) {
        const entry = {
          name,
          tab,
          open: true,
          ch: {
            onmessage: null as ((ev: MessageEvent) => void) | null,
            postMessage(m: unknown) {
              if (!entry.open || crashed.has(tab)) return;
              const data = structuredClone(m);
              for (const other of channels)
                if (other !== entry && other.name === name && other.open && !crashed.has(other.tab))
                  setTimeout(() => other.open && other.ch.onmessage?.({ data } as MessageEvent), 0);
            },
            close() {
              entry.open = false;
              channels.delete(entry);
            },
          },
        };
        channels.add(entry);
        return entry.ch;
      },
    };
  }

  return {
    depsFor,
    holder: (name: string) => held.get(name)?.tab,
    /** The tab is gone without a word: its locks are released by the browser, its channels hear nothing more. */
    crash(tab: string) {
      crashed.add(tab);
      for (const h of [...held.values()]) if (h.tab === tab) h.release();
    },
  };
}
