import {
  type Channel,
  type ChannelParams,
  type OhlcvParams,
  type PulseParams,
  subscriptionKey,
  type TokenUpdatesParams,
  type TradesParams,
} from "@/lib/api";
import type { MarketFeed, Unsubscribe } from "../feed";
import { type ChannelGroup, type GroupContext, type HubStats, type Member, tokenKey } from "./channels/group";
import { OhlcvGroup } from "./channels/ohlcv";
import { PulseGroup } from "./channels/pulse";
import { TokenUpdatesGroup } from "./channels/token-updates";
import { TradesGroup } from "./channels/trades";
import type { Clock } from "@/lib/api/clock";

// Routes market events to subscription groups. A group lives while it has members; groups following a token are
// indexed by token so each engine event costs one map lookup.

export interface Hub {
  join(channel: Channel, params: ChannelParams[Channel], member: Member): ChannelGroup;
  leave(group: ChannelGroup, member: Member): void;
  groups(): number;
  readonly stats: HubStats;
  dispose(): void;
}

export function createHub(
  feed: MarketFeed,
  timers: Clock,
  now: () => number,
  fanout: GroupContext["fanout"] = "shared",
): Hub {
  const stats: HubStats = { eventsPublished: 0, serializations: 0, framesQueued: 0, errors: 0 };
  const guard = (fn: () => void) => {
    try {
      fn();
    } catch {
      stats.errors++;
    }
  };
  const groups = new Map<string, ChannelGroup>();
  const byToken = new Map<string, Set<ChannelGroup>>();
  const pulse = new Set<ChannelGroup>();
  let dirty = new Set<ChannelGroup>();
  let flushQueued = false;

  const flush = () => {
    flushQueued = false;
    const batch = dirty;
    dirty = new Set();
    for (const g of batch) if (groups.get(g.key) === g) guard(() => g.flush?.());
  };
  const ctx: GroupContext = {
    feed,
    timers,
    now,
    stats,
    fanout,
    guard,
    markDirty(g) {
      dirty.add(g);
      if (!flushQueued) {
        flushQueued = true;
        // after the engine's current step, so one step's trades share a frame
        queueMicrotask(flush);
      }
    },
  };

  const create = (channel: Channel, params: ChannelParams[Channel], key: string): ChannelGroup => {
    if (channel === "trades") return new TradesGroup(key, params as TradesParams, ctx);
    if (channel === "ohlcv") return new OhlcvGroup(key, params as OhlcvParams, ctx);
    if (channel === "token-updates") return new TokenUpdatesGroup(key, params as TokenUpdatesParams, ctx);
    return new PulseGroup(key, params as PulseParams, ctx);
  };

  const each = (token: string, fn: (g: ChannelGroup) => void) => {
    const set = byToken.get(token);
    if (set) for (const g of set) guard(() => fn(g));
  };
  const offs: Unsubscribe[] = [
    feed.onTrade((e) => each(tokenKey(e.chain, e.token), (g) => g.onTrade?.(e))),
    feed.onRevert((e) => each(tokenKey(e.chain, e.token), (g) => g.onRevert?.(e))),
    feed.onTokenChange((chain, address) => each(tokenKey(chain, address), (g) => g.onTokenChange?.())),
    feed.onPulseDelta((d) => {
      for (const g of pulse) guard(() => g.onPulseDelta?.(d));
    }),
  ];

  return {
    stats,
    join(channel, params, member) {
      const key = subscriptionKey(channel, params);
      let g = groups.get(key);
      if (!g) {
        g = create(channel, params, key);
        groups.set(key, g);
        if (g.token) {
          let set = byToken.get(g.token);
          if (!set) byToken.set(g.token, (set = new Set()));
          set.add(g);
        } else pulse.add(g);
      }
      const joined = g;
      guard(() => joined.join(member));
      return g;
    },
    leave(g, member) {
      g.leave(member);
      if (g.members.size > 0 || groups.get(g.key) !== g) return;
      groups.delete(g.key);
      dirty.delete(g);
      if (g.token) {
        const set = byToken.get(g.token);
        set?.delete(g);
        if (set?.size === 0) byToken.delete(g.token);
      } else pulse.delete(g);
      g.dispose();
    },
    groups: () => groups.size,
    dispose() {
      for (const off of offs) off();
      for (const g of groups.values()) g.dispose();
      groups.clear();
      byToken.clear();
      pulse.clear();
      dirty.clear();
    },
  };
}
