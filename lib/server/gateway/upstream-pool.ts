import { type Channel, type ChannelParams, type StreamErrorCode, subscriptionKey, trackedKeys } from "@/lib/api";
import type { Clock, TimerHandle } from "./clock";
import type { ReplayLimits } from "./replay-window";
import { type Member, SharedSub, type Subscriber } from "./shared-sub";
import type { GatewayCounters } from "./stats";
import type { UpstreamError, UpstreamEvent } from "./upstream-adapter";
import { type BackoffPolicy, backoffDelay, type LinkListener, UpstreamLink } from "./upstream-link";

// Every browser subscription maps onto one shared upstream subscription per subscription key (reference
// counted); distinct ones are packed onto as few upstream connections as possible within the key's limits
// (§8: 5 connections × 20 subscriptions, 50 tracked tokens or pools).

export interface PoolLimits {
  connections: number;
  subscriptionsPerConnection: number;
  trackedTokens: number;
}

export interface PoolOptions {
  target: () => { streamUrl: string; key: string };
  clock: Clock;
  random: () => number;
  limits: PoolLimits;
  /** An upstream subscription outlives its last browser by this long (a reload or quick reconnect reuses it). */
  releaseGraceMs: number;
  /** An upstream connection without subscriptions is closed after this long. */
  idleCloseMs: number;
  /** A browser waiting this long for an upstream acknowledgement gets `upstream_unavailable`. */
  subscribeTimeoutMs: number;
  backoff: BackoffPolicy;
  /** After the upstream rejects the key, no new upstream connection for this long (doubling per rejection). */
  authBackoff: BackoffPolicy;
  replay: ReplayLimits;
  keepaliveMs?: number;
  counters: GatewayCounters;
  onWarn?(message: string): void;
}

export type AttachResult = { ok: true } | { ok: false; code: StreamErrorCode; message: string; limit?: number };

export class UpstreamPool {
  private readonly byKey = new Map<string, SharedSub>();
  private readonly byUpId = new Map<string, SharedSub>();
  private readonly tracked = new Map<string, number>();
  private readonly links = new Map<number, UpstreamLink>();
  private retiredMs = 0;
  private seq = 0;
  private linkSeq = 0;
  private closed = false;
  private authRejections = 0;
  private authBlockedUntil = 0;

  constructor(private readonly o: PoolOptions) {}

  stats() {
    let connectedMs = this.retiredMs;
    for (const l of this.links.values()) connectedMs += l.connectedMs();
    return { upstreamConnections: this.links.size, upstreamSubscriptions: this.byKey.size, trackedTokens: this.tracked.size, connectedMs };
  }

  attach<C extends Channel>(sub: Subscriber, id: string, channel: C, params: ChannelParams[C], sinceAt?: number): AttachResult {
    if (this.closed) return { ok: false, code: "upstream_unavailable", message: "the gateway is shutting down" };
    const key = subscriptionKey(channel, params);
    let shared = this.byKey.get(key);
    if (!shared) {
      const created = this.create(key, channel, params);
      if (!created.ok) return created;
      shared = created.shared;
    }
    this.o.clock.clearTimeout(shared.releaseTimer as TimerHandle);
    shared.releaseTimer = undefined;
    const member: Member = { acked: false, sinceAt };
    shared.add(sub, id, member);
    if (shared.status === "active") this.ack(shared, sub, id, member);
    else member.timer = this.o.clock.setTimeout(() => this.timeoutMember(shared, sub, id), this.o.subscribeTimeoutMs);
    return { ok: true };
  }

  detach(sub: Subscriber, id: string, key: string): void {
    const shared = this.byKey.get(key);
    const member = shared?.remove(sub, id);
    if (!shared || !member) return;
    this.o.clock.clearTimeout(member.timer as TimerHandle);
    if (shared.memberCount > 0) return;
    shared.releaseTimer = this.o.clock.setTimeout(() => {
      if (shared.memberCount === 0) this.dispose(shared);
    }, this.o.releaseGraceMs);
  }

  close(): void {
    this.closed = true;
    for (const shared of [...this.byKey.values()]) this.dispose(shared);
    for (const link of [...this.links.values()]) link.close();
  }

  private create(key: string, channel: Channel, params: ChannelParams[Channel]): { ok: true; shared: SharedSub } | Extract<AttachResult, { ok: false }> {
    const blockedMs = this.authBlockedUntil - this.o.clock.now();
    if (blockedMs > 0)
      return { ok: false, code: "upstream_auth", message: `the market stream rejected this server's credentials; retry in ${Math.ceil(blockedMs / 1000)} s` };
    const keys = trackedKeys(channel, params);
    const { limits } = this.o;
    const newKeys = () => keys.filter((k) => !this.tracked.has(k)).length;
    if (this.tracked.size + newKeys() > limits.trackedTokens) this.evictIdle((s) => s.tracked.length > 0);
    if (this.tracked.size + newKeys() > limits.trackedTokens) {
      this.o.counters.limitRejections++;
      return { ok: false, code: "limit_tracked", message: `the stream already tracks ${limits.trackedTokens} tokens or pools, the most the key allows`, limit: limits.trackedTokens };
    }
    let link = this.pickLink();
    if (!link) {
      this.evictIdle(() => true);
      link = this.pickLink();
    }
    if (!link) {
      this.o.counters.limitRejections++;
      const limit = limits.connections * limits.subscriptionsPerConnection;
      return { ok: false, code: "limit_subscriptions", message: `the stream already carries ${limit} distinct subscriptions, the most the key allows`, limit };
    }
    const shared = new SharedSub(key, `g${(++this.seq).toString(36)}`, channel, params, keys, this.o.replay);
    shared.linkId = link.id;
    this.byKey.set(key, shared);
    this.byUpId.set(shared.upId, shared);
    for (const k of keys) this.tracked.set(k, (this.tracked.get(k) ?? 0) + 1);
    link.subscribe(shared.upId, channel, params);
    return { ok: true, shared };
  }

  /**
   * First fit on a healthy link (fewer connections cost fewer connection-minutes); else a new link; a link backing
   * off after a loss only when nothing else has room (its subscriptions wait for the reconnect).
   */
  private pickLink(): UpstreamLink | undefined {
    const room = [...this.links.values()].filter((l) => l.subs.size < this.o.limits.subscriptionsPerConnection);
    return room.find((l) => l.healthy) ?? this.openLink() ?? room[0];
  }

  private openLink(): UpstreamLink | undefined {
    if (this.links.size >= this.o.limits.connections) return undefined;
    const id = ++this.linkSeq;
    const link = new UpstreamLink({
      id, target: this.o.target, clock: this.o.clock, random: this.o.random, backoff: this.o.backoff,
      idleCloseMs: this.o.idleCloseMs, keepaliveMs: this.o.keepaliveMs, listener: this.listener,
    });
    if (link.status !== "closed") this.links.set(id, link);
    return link;
  }

  private evictIdle(pred: (s: SharedSub) => boolean): void {
    for (const s of [...this.byKey.values()]) if (s.memberCount === 0 && pred(s)) this.dispose(s);
  }

  private dispose(shared: SharedSub): void {
    if (this.byKey.get(shared.key) !== shared) return;
    this.o.clock.clearTimeout(shared.releaseTimer as TimerHandle);
    this.o.clock.clearTimeout(shared.resubscribeTimer as TimerHandle);
    this.byKey.delete(shared.key);
    this.byUpId.delete(shared.upId);
    for (const k of shared.tracked) {
      const n = (this.tracked.get(k) ?? 1) - 1;
      if (n <= 0) this.tracked.delete(k);
      else this.tracked.set(k, n);
    }
    for (const [sub, id, m] of [...shared.members()]) {
      this.o.clock.clearTimeout(m.timer as TimerHandle);
      shared.remove(sub, id);
      sub.subscriptionEnded(id);
    }
    this.links.get(shared.linkId)?.unsubscribe(shared.upId);
  }

  private ack(shared: SharedSub, sub: Subscriber, id: string, m: Member): void {
    this.o.clock.clearTimeout(m.timer as TimerHandle);
    m.timer = undefined;
    m.acked = true;
    sub.sendFrame({ type: "subscribed", id, channel: shared.channel, params: shared.params });
    shared.sendLateState(sub, id, m.sinceAt, this.o.clock.now());
  }

  private timeoutMember(shared: SharedSub, sub: Subscriber, id: string): void {
    const m = shared.groups.get(id)?.members.get(sub);
    if (!m || m.acked) return;
    sub.sendFrame({ type: "error", id, code: "upstream_unavailable", message: "the market stream is unavailable; retry shortly" });
    this.detach(sub, id, shared.key);
    sub.subscriptionEnded(id);
  }

  /** Tells every browser on `shared` why it ends, then releases it and its upstream slot. */
  private fail(shared: SharedSub, code: StreamErrorCode, message: string, limit?: number): void {
    for (const [sub, id] of shared.members()) sub.sendFrame({ type: "error", id, code, message, ...(limit !== undefined ? { limit } : {}) });
    this.dispose(shared);
  }

  /** A subscription the upstream lost must be acknowledged again in time; else its browsers hear it and retry later. */
  private armResubscribe(shared: SharedSub): void {
    this.o.clock.clearTimeout(shared.resubscribeTimer as TimerHandle);
    shared.resubscribeTimer = this.o.clock.setTimeout(() => {
      if (shared.status !== "active") this.fail(shared, "upstream_unavailable", "the market stream did not come back in time; retry shortly");
    }, this.o.subscribeTimeoutMs);
  }

  /**
   * The upstream rejected the key: retrying at the usual pace would hammer it for nothing. Everything on the link ends
   * with `upstream_auth` (which lets the link close) and no new connection is tried until the hard backoff has passed.
   */
  private rejectKey(link: UpstreamLink): void {
    this.o.counters.upstreamAuthRejections++;
    const delay = backoffDelay(this.o.authBackoff, this.authRejections++, this.o.random);
    this.authBlockedUntil = this.o.clock.now() + delay;
    this.o.onWarn?.(`upstream connection ${link.id}: the market stream rejected the key; no new connection for ${Math.round(delay / 1000)} s`);
    for (const upId of [...link.subs]) {
      const s = this.byUpId.get(upId);
      if (s) this.fail(s, "upstream_auth", "the market stream rejected this server's credentials");
    }
  }

  /** Browsers that were receiving before the loss repair their gap from REST as soon as this one is back. */
  private resync(shared: SharedSub): void {
    const perBrowser = new Map<Subscriber, string[]>();
    for (const [sub, id, m] of shared.members()) {
      if (!m.needsResync) continue;
      m.needsResync = false;
      perBrowser.set(sub, [...(perBrowser.get(sub) ?? []), id]);
    }
    for (const [sub, ids] of perBrowser) {
      sub.sendFrame({ type: "resync", ids, reason: "upstream_reconnected" });
      this.o.counters.resyncs++;
    }
  }

  private readonly listener: LinkListener = {
    onLinkReady: (link, reconnected) => {
      this.authRejections = 0;
      if (reconnected) this.o.counters.upstreamReconnects++;
      for (const upId of link.subs) {
        const s = this.byUpId.get(upId);
        if (!s) continue;
        link.resubscribe(upId, s.channel, s.params);
        if (reconnected) this.armResubscribe(s);
      }
    },
    onLinkDown: (link, reason, authFailed) => {
      if (authFailed) return this.rejectKey(link);
      this.o.onWarn?.(`upstream connection ${link.id} lost: ${reason}`);
      for (const upId of [...link.subs]) {
        const s = this.byUpId.get(upId);
        if (!s) continue;
        if (s.memberCount === 0) {
          this.dispose(s);
          continue;
        }
        for (const [, , m] of s.members()) if (m.acked) m.needsResync = true;
        s.status = "pending";
        s.resetState();
        this.armResubscribe(s); // a long outage is answered too, not only a reconnect that never re-acknowledges
      }
    },
    onLinkClosed: (link) => {
      this.retiredMs += link.connectedMs();
      this.links.delete(link.id);
    },
    onSubscribed: (upId) => {
      const s = this.byUpId.get(upId);
      if (!s || s.status === "active") return;
      s.status = "active";
      this.o.clock.clearTimeout(s.resubscribeTimer as TimerHandle);
      for (const [sub, id, m] of [...s.members()]) if (!m.acked) this.ack(s, sub, id, m);
      this.resync(s);
    },
    onUnsubscribed: () => {},
    onError: (e: UpstreamError) => {
      const s = e.upId ? this.byUpId.get(e.upId) : undefined;
      if (!s) return this.o.onWarn?.(`upstream error ${e.upstreamCode}: ${e.message}`);
      // The upstream refused this subscription: every browser on it hears why, with its own id.
      this.fail(s, e.code, e.message, e.limit);
    },
    onEvent: (e: UpstreamEvent) => {
      this.o.counters.messagesIn++;
      const s = this.byUpId.get(e.upId);
      if (!s) {
        this.o.counters.dropped++;
        return;
      }
      this.o.counters.duplicateRows += s.onEvent(e, this.o.clock.now()).duplicates;
    },
    onMalformed: (reason) => {
      this.o.counters.upstreamMalformed++;
      this.o.onWarn?.(`malformed upstream frame: ${reason}`);
    },
  };
}
