import type { Channel, ChannelParams } from "@/lib/api/core";
import type { ConnectionInfo, Liveness, StreamSubscriptionError } from "../socket-types";

// Messages between a tab and the hub that holds the origin's one gateway socket (a shared worker, or the tab elected
// by a Web Lock). Every tab message names its tab; a hub message goes to one tab (or, `hub`, to all).

export interface TabSub {
  key: string;
  channel: Channel;
  params: ChannelParams[Channel];
  /** Where a trades replay should start for this tab (its newest row, or an older one awaiting confirmation). */
  sinceAt?: number;
}

export type TabToHub =
  /** Join (or join again after a hub change): every subscription the tab holds. */
  | { t: "hello"; tab: string; subs: TabSub[] }
  | ({ t: "sub"; tab: string } & TabSub)
  | { t: "unsub"; tab: string; key: string }
  /** The tab is alive; its current resume points per trades key. */
  | { t: "beat"; tab: string; since: Record<string, number> }
  | { t: "reconnect"; tab: string }
  | { t: "bye"; tab: string };

export type HubToTab =
  | { t: "welcome"; hub: string; conn: ConnectionInfo }
  /** A new hub took over (sent to every tab): join it. */
  | { t: "hub"; hub: string }
  /** The hub does not know this tab (it was dropped): join again. */
  | { t: "unknown"; hub: string }
  | { t: "conn"; conn: ConnectionInfo }
  | { t: "ack"; key: string }
  | { t: "mode"; key: string; liveness: Liveness }
  | { t: "error"; key: string; error: StreamSubscriptionError }
  | { t: "resync"; key: string; reason: string }
  /** The hub's socket reconnected and resubscribed this key: repair it. */
  | { t: "reconnected"; key: string }
  /** One gateway event frame as received (the tab checks it in full before any reducer sees it). */
  | { t: "event"; key: string; raw: string };

/** Names shared by the tabs, the worker and the Web Locks / BroadcastChannel path (one origin). */
export const SHARED_NAME = "tradescope-stream";
export const LEADER_LOCK = `${SHARED_NAME}:leader`;
export const tabLockName = (tab: string) => `${SHARED_NAME}:tab:${tab}`;
