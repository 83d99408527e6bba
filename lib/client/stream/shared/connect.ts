import { createStreamClient, defaultStreamUrl, FULL_CODEC } from "../socket";
import type { StreamClient, StreamClientOptions } from "../socket-types";
import { createHubClient, type HubClient, type HubTransport } from "./hub-client";
import { createHubForScope } from "./hub-scope";
import { browserLeaderDeps, leaderTransport } from "./leader";
import { type HubToTab, SHARED_NAME, tabLockName } from "./protocol";

// One gateway socket per browser origin. A SharedWorker holds it where the browser has one; elsewhere (Safari on iOS,
// SharedWorker disabled) one tab elected by a Web Lock holds it and the others reach it over BroadcastChannel; only
// where neither exists (SSR, jsdom, an explicit WebSocket in tests) does the tab open its own.

export type StreamClientMode = "shared-worker" | "leader" | "own-socket";

function newTabId(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
}

/** Held for the tab's life: the hub's proof that a silent tab is still there. */
function holdTabLock(tab: string): Promise<void> {
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  if (!locks) return Promise.resolve();
  return new Promise((acquired) => {
    void locks
      .request(tabLockName(tab), () => {
        acquired();
        return new Promise<void>(() => {});
      })
      .catch(() => acquired());
  });
}

/** A transport that can step aside while its page sits in the back/forward cache (the Web Locks path can). */
type PageTransport = HubTransport & { suspend?(): void; resume?(): void };

/** Ports made anew to a worker that has never answered before the tab gives up on it. */
export const WORKER_RECONNECTS = 2;

function workerTransport(onFail: () => void): PageTransport | null {
  let heard = false;
  let reconnects = 0;
  /** Given up on (or closed): a late error from one of its workers changes nothing. */
  let done = false;
  const fail = () => {
    if (done) return;
    done = true;
    onFail();
  };
  let listener: ((m: HubToTab) => void) | null = null;
  let port: MessagePort | null = null;
  const connect = (): boolean => {
    let worker: SharedWorker;
    try {
      worker = new SharedWorker(new URL("./shared-worker.ts", import.meta.url), { type: "module", name: SHARED_NAME });
    } catch {
      return false;
    }
    worker.addEventListener("error", () => {
      if (!heard) fail();
    });
    worker.port.onmessage = (ev) => {
      heard = true;
      listener?.(ev.data as HubToTab);
    };
    worker.port.start();
    port = worker.port;
    return true;
  };
  if (!connect()) return null;
  const letGo = () => {
    port?.close();
    port = null;
  };
  return {
    send: (m) => port?.postMessage(m),
    onMessage(l) {
      listener = l;
    },
    close() {
      done = true;
      letGo();
    },
    // A message from the worker to a page in the back/forward cache evicts it (SharedWorkerMessage): the page lets
    // its port go while there and connects a new one when shown again (the hub takes the tab's hello on it).
    suspend: letGo,
    resume: () => {
      if (!port) connect();
    },
    // Unanswered: a new port to the same worker; a worker that never answers any of them is given up for the Web
    // Locks path (the tab's hub client then joins whichever hub that finds).
    reconnect() {
      letGo();
      if (!heard && ++reconnects > WORKER_RECONNECTS) return fail();
      if (!connect()) fail();
    },
  };
}

/** A transport that starts on the shared worker and moves to the Web Locks path if the worker fails to load. */
function sharedTransport(tab: string): { transport: PageTransport; mode: () => StreamClientMode } | null {
  const leaderDeps = browserLeaderDeps();
  const leader = () => (leaderDeps ? leaderTransport(tab, leaderDeps, createHubForScope) : null);
  let listener: ((m: HubToTab) => void) | null = null;
  let current: PageTransport | null = null;
  let mode: StreamClientMode = "leader";
  const fallBack = () => {
    current?.close();
    current = leader();
    mode = "leader";
    if (listener) current?.onMessage(listener);
  };
  if (typeof SharedWorker === "function") current = workerTransport(fallBack);
  if (current) mode = "shared-worker";
  current ??= leader();
  if (!current) return null;
  return {
    mode: () => mode,
    transport: {
      send: (m) => current?.send(m),
      onMessage(l) {
        listener = l;
        current?.onMessage(l);
      },
      close: () => current?.close(),
      suspend: () => current?.suspend?.(),
      resume: () => current?.resume?.(),
      reconnect: () => current?.reconnect?.(),
    },
  };
}

export function createBrowserStreamClient(opts: StreamClientOptions): StreamClient & { mode: StreamClientMode } {
  const plain = () => Object.assign(createStreamClient(opts), { mode: "own-socket" as const });
  // A WebSocket or a URL of the caller's own (tests, tools) gets a socket of its own.
  if (typeof window === "undefined" || opts.WebSocket || (opts.url !== undefined && opts.url !== defaultStreamUrl))
    return plain();
  const tab = newTabId();
  const shared = sharedTransport(tab);
  if (!shared) return plain();
  void holdTabLock(tab);
  const client = createHubClient({ tab, transport: shared.transport, codec: FULL_CODEC, sinceAt: opts.sinceAt });
  // Best effort: a closing tab releases its subscriptions at once (the heartbeat catches the rest). A page going into
  // the back/forward cache also hands the socket over if it held it; shown again, it rejoins from its resume points
  // and repairs the gap from REST like after any reconnect.
  window.addEventListener("pagehide", () => {
    client.bye();
    shared.transport.suspend?.();
  });
  window.addEventListener("pageshow", (ev) => {
    if (!ev.persisted) return;
    shared.transport.resume?.();
    client.rejoin();
  });
  // Which path holds the tab's stream now (a worker that never answers is left for the Web Locks path).
  return Object.defineProperty(client, "mode", { get: shared.mode, enumerable: true }) as HubClient & {
    mode: StreamClientMode;
  };
}
