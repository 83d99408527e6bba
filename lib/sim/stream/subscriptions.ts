import {
  type ChannelParams,
  type StreamErrorCode,
  type SubscribedFrame,
  type SubscribeFrame,
  trackedKeys,
} from "@/lib/api";
import type { MarketFeed } from "../feed";
import type { ChannelGroup, Member, MemberSink } from "./channels/group";
import type { Hub } from "./hub";
import type { KeyRegistry, StreamLimits } from "./key-registry";
import { checkSubscription } from "./subscribe-check";

export type SubscribeResult =
  | { ok: true; ack: SubscribedFrame; join(): void }
  | { ok: false; code: StreamErrorCode; message: string; limit?: number };

interface Entry {
  group: ChannelGroup;
  member: Member;
  tracked: string[];
}

// §6.2: a connection's subscriptions, each by its own id; adding never replaces. §8 limits checked before joining.
export class SubscriptionSet {
  private readonly subs = new Map<string, Entry>();

  constructor(
    private readonly key: string,
    private readonly sink: MemberSink,
    private readonly d: { feed: MarketFeed; hub: Hub; registry: KeyRegistry; limits: StreamLimits },
  ) {}

  get size(): number {
    return this.subs.size;
  }

  /** Validates and reserves; `join()` (after the ack is sent) starts the events, so the ack always comes first. */
  add(f: SubscribeFrame): SubscribeResult {
    const { limits } = this.d;
    const id = f.id;
    if (this.subs.has(id)) return { ok: false, code: "duplicate_id", message: `subscription "${id}" already exists` };
    if (this.subs.size >= limits.subscriptionsPerConnection) {
      const limit = limits.subscriptionsPerConnection;
      return {
        ok: false,
        code: "limit_subscriptions",
        message: `at most ${limit} subscriptions per connection`,
        limit,
      };
    }
    const c = checkSubscription(this.d.feed, f.channel, f.params);
    if (!c.ok) return c;
    const tracked = trackedKeys(c.channel, c.params);
    if (!this.d.registry.track(this.key, tracked)) {
      const limit = limits.trackedTokens;
      return { ok: false, code: "limit_tracked", message: `at most ${limit} tracked tokens or pools per key`, limit };
    }
    const member: Member = { id, sink: this.sink };
    const params = c.params as ChannelParams[typeof c.channel];
    return {
      ok: true,
      ack: { type: "subscribed", id, channel: c.channel, params },
      join: () => {
        const group = this.d.hub.join(c.channel, params, member);
        this.subs.set(id, { group, member, tracked });
      },
    };
  }

  remove(id: string): boolean {
    const s = this.subs.get(id);
    if (!s) return false;
    this.subs.delete(id);
    this.d.hub.leave(s.group, s.member);
    this.d.registry.untrack(this.key, s.tracked);
    return true;
  }

  clear(): void {
    for (const id of [...this.subs.keys()]) this.remove(id);
  }
}
