import type { HubTransport } from "./hub-client";
import type { StreamHub } from "./hub";
import { type HubToTab, LEADER_LOCK, SHARED_NAME, type TabToHub } from "./protocol";

// Where there is no SharedWorker: every tab asks for one Web Lock; the tab holding it runs the hub in the page and the
// others reach it over BroadcastChannel. When the holder closes (or crashes) the browser grants the lock to the next
// tab in line, whose new hub announces itself; every tab then joins it again.
//   `${SHARED_NAME}:hub`        tabs → the hub
//   `${SHARED_NAME}:all`        the hub → every tab (a new hub's announcement)
//   `${SHARED_NAME}:tab:<id>`   the hub → one tab

export interface LeaderDeps {
  locks: Pick<LockManager, "request">;
  channel(name: string): BroadcastChannelLike;
}

export interface BroadcastChannelLike {
  postMessage(m: unknown): void;
  onmessage: ((ev: MessageEvent) => void) | null;
  close(): void;
}

export function browserLeaderDeps(): LeaderDeps | null {
  if (typeof navigator === "undefined" || !navigator.locks || typeof BroadcastChannel !== "function") return null;
  return { locks: navigator.locks, channel: (name) => new BroadcastChannel(name) };
}

export interface LeaderTransport extends HubTransport {
  /** This tab holds the lock (tests, diagnostics). */
  isLeader(): boolean;
  /**
   * The page is hidden and may be kept in the back/forward cache (pagehide): a leading tab closes its hub (the socket)
   * and releases the lock, so another tab takes the socket over instead of waiting on a frozen page.
   */
  suspend(): void;
  /** The page is shown again (pageshow from the bfcache): it stands for election again. */
  resume(): void;
}

export function leaderTransport(
  tab: string,
  deps: LeaderDeps,
  createHub: (onTabGone: (tab: string) => void) => StreamHub,
): LeaderTransport {
  let listener: ((m: HubToTab) => void) | null = null;
  const deliver = (m: HubToTab) => queueMicrotask(() => listener?.(m));
  // A suspended page (in the back/forward cache) has no channel open: a message to it would evict it
  // (BroadcastChannelOnMessage). It opens them again when shown.
  let suspended = false;
  let toHub!: BroadcastChannelLike;
  let mine!: BroadcastChannelLike;
  let all!: BroadcastChannelLike;
  function open() {
    toHub = deps.channel(`${SHARED_NAME}:hub`);
    mine = deps.channel(`${SHARED_NAME}:tab:${tab}`);
    all = deps.channel(`${SHARED_NAME}:all`);
    mine.onmessage = (ev) => listener?.(ev.data as HubToTab);
    all.onmessage = (ev) => listener?.(ev.data as HubToTab);
  }
  open();

  let hub: StreamHub | null = null;
  let hubIn: BroadcastChannelLike | null = null;
  const outs = new Map<string, BroadcastChannelLike>();
  let closed = false;
  let release: (() => void) | null = null;

  function sendTo(target: string): (m: HubToTab) => void {
    if (target === tab) return deliver;
    return (m) => {
      let ch = outs.get(target);
      if (!ch) outs.set(target, (ch = deps.channel(`${SHARED_NAME}:tab:${target}`)));
      ch.postMessage(m);
    };
  }

  function lead() {
    const h = createHub((gone) => {
      outs.get(gone)?.close();
      outs.delete(gone);
    });
    hub = h;
    hubIn = deps.channel(`${SHARED_NAME}:hub`);
    hubIn.onmessage = (ev) => {
      const m = ev.data as TabToHub;
      if (m && typeof m.tab === "string" && m.tab !== tab) h.receive(m, sendTo(m.tab));
    };
    const announce: HubToTab = { t: "hub", hub: h.id };
    all.postMessage(announce);
    deliver(announce);
  }

  // Each election the tab stands in; a request from before a suspension that is granted later gives the lock back.
  let standing = 0;
  function stand() {
    const ticket = ++standing;
    void deps.locks
      .request(LEADER_LOCK, () => {
        if (closed || suspended || ticket !== standing) return undefined;
        lead();
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      })
      .catch(() => {});
  }
  stand();

  function resign() {
    hub?.close();
    hub = null;
    hubIn?.close();
    hubIn = null;
    for (const ch of outs.values()) ch.close();
    outs.clear();
    release?.();
    release = null;
  }

  return {
    send(m) {
      if (suspended) return;
      if (hub) {
        const h = hub;
        queueMicrotask(() => h.receive(m, deliver));
      } else toHub.postMessage(m);
    },
    onMessage(l) {
      listener = l;
    },
    isLeader: () => hub !== null,
    suspend() {
      if (closed || suspended) return;
      suspended = true;
      resign();
      for (const ch of [toHub, mine, all]) ch.close();
    },
    resume() {
      if (closed || !suspended) return;
      suspended = false;
      open();
      stand();
    },
    close() {
      closed = true;
      resign();
      if (!suspended) for (const ch of [toHub, mine, all]) ch.close();
    },
  };
}
