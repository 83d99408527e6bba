import { type Channel, type ChannelParams, isPollOnly, type StreamErrorCode, subscriptionKey, trackedKeys } from "@/lib/api";
import type { Clock, TimerHandle } from "@/lib/api/clock";
import type { ReplayLimits } from "./replay-window";
import { type Member, type Resume, SharedSub, type Subscriber } from "./shared-sub";
import type { GatewayCounters } from "./stats";
import type { UpstreamError, UpstreamEvent } from "./upstream-adapter";
import { type BackoffPolicy, backoffDelay, type LinkListener, UpstreamLink } from "./upstream-link";

/** The close code of an upstream connection ended on purpose, to be reopened at once (RFC 6455 1012). */
const SERVICE_RESTART = 1012;

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
  /**
   * Tiered liveness: a new resource the upstream has not acknowledged after this long is polled instead (the upstream
   * may be silent without dropping the connection). Default: 5 s, at most `subscribeTimeoutMs`.
   */
  firstAckFallbackMs?: number;
  backoff: BackoffPolicy;
  /** After the upstream rejects the key, no new upstream connection for this long (doubling per rejection). */
  authBackoff: BackoffPolicy;
  replay: ReplayLimits;
  keepaliveMs?: number;
  counters: GatewayCounters;
  onWarn?(message: string): void;
  /** Tiered liveness: without it every resource is streamed and the budget refuses (the upstream's own behaviour). */
  liveness?: LivenessHooks;
}

/** What the pool asks of the liveness controller (liveness/controller.ts). */
export interface LivenessHooks {
  /** A resource nobody held a moment ago, wanted by `first`: stream it (if the budget and its share let) or poll it? */
  wantsStream(shared: SharedSub, first?: Subscriber): boolean;
  /** The resource is polled from now on (new, demoted, or a promotion that failed). */
  polled(shared: SharedSub): void;
  /** The upstream acknowledged the resource: polling stops (after a last gap repair when it was polled). */
  streamed(shared: SharedSub, wasPolled: boolean): void;
  /** The resource is gone (its last browser left long enough ago, or it failed). */
  disposed(shared: SharedSub): void;
  /** The expected delay of a polled resource, for its acknowledgement. */
  delayMs(shared: SharedSub): number;
}

/** Upstream refusals that mean "no room", which a polled resource absorbs instead of its browsers. */
const BUDGET_CODES: ReadonlySet<StreamErrorCode> = new Set(["limit_tracked", "limit_subscriptions"]);
const RELEASE_ACK_TIMEOUT_MS = 5_000;
/** A market time seen longer ago than this (our clock) is too stale to date a new resource's start by. */
const MARKET_READING_FRESH_MS = 10_000;
const FIRST_ACK_FALLBACK_MS = 5_000;

export type AttachResult = { ok: true } | { ok: false; code: StreamErrorCode; message: string; limit?: number };

export class UpstreamPool {
  private readonly byKey = new Map<string, SharedSub>();
  private readonly byUpId = new Map<string, SharedSub>();
  private readonly tracked = new Map<string, number>();
  /** Tracked keys of unsubscribes the upstream has not acknowledged yet: they still count against the budget. */
  private readonly releasing = new Map<string, { keys: readonly string[]; linkId: number; timer: TimerHandle }>();
  private readonly links = new Map<number, UpstreamLink>();
  private retiredMs = 0;
  private seq = 0;
  private linkSeq = 0;
  private closed = false;
  private authRejections = 0;
  /** Links lost with subscriptions the pool handed to polling (so they closed), not yet replaced by a new link. */
  private replacing = 0;
  private authBlockedUntil = 0;
  /** The newest market time seen (upstream events, REST answers), and when on our clock. */
  private market = { at: Number.NEGATIVE_INFINITY, seenAt: Number.NEGATIVE_INFINITY };

  constructor(private readonly o: PoolOptions) {}

  stats() {
    let connectedMs = this.retiredMs;
    for (const l of this.links.values()) connectedMs += l.connectedMs();
    return { upstreamConnections: this.links.size, upstreamSubscriptions: this.byKey.size, trackedTokens: this.tracked.size, connectedMs };
  }

  attach<C extends Channel>(sub: Subscriber, id: string, channel: C, params: ChannelParams[C], resume: Resume = {}): AttachResult {
    if (this.closed) return { ok: false, code: "upstream_unavailable", message: "the gateway is shutting down" };
    const key = subscriptionKey(channel, params);
    let shared = this.byKey.get(key);
    if (!shared) {
      const created = this.o.liveness ? this.createLive(key, channel, params, sub) : this.create(key, channel, params);
      if (!created.ok) return created;
      shared = created.shared;
    }
    this.o.clock.clearTimeout(shared.releaseTimer as TimerHandle);
    shared.releaseTimer = undefined;
    const member: Member = { acked: false, sinceAt: resume.sinceAt, after: resume.after };
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

  /** A market time (`meta.asOf` of an upstream event or a REST answer): the market's clock reads at least that now. */
  noteMarketTime(asOf: unknown): void {
    if (typeof asOf !== "number" || !Number.isFinite(asOf)) return;
    this.market = { at: Math.max(this.market.at, asOf), seenAt: this.o.clock.now() };
  }

  /** A lower bound of the market's clock now, when one was seen lately enough to date a resource's start by. */
  private marketNow(): number | undefined {
    return this.o.clock.now() - this.market.seenAt <= MARKET_READING_FRESH_MS ? this.market.at : undefined;
  }

  /** Every resource, for the liveness controller's demand. */
  resources(): IterableIterator<SharedSub> {
    return this.byKey.values();
  }

  /** Streams a polled resource: it stays polled until the upstream acknowledges. False when the budget has no room now. */
  promote(shared: SharedSub): boolean {
    if (this.byKey.get(shared.key) !== shared || shared.mode !== "poll" || shared.promoting || this.closed) return false;
    const r = this.subscribeUpstream(shared);
    if (!r.ok) return false;
    shared.promoting = true;
    return true;
  }

  /** Stops streaming a resource (its upstream slot is freed once the upstream acknowledges); it is polled from now on. */
  demote(shared: SharedSub): boolean {
    if (this.byKey.get(shared.key) !== shared || shared.status !== "active" || this.closed) return false;
    if (shared.mode === "poll" && !shared.promoting) return false;
    this.releaseUpstream(shared);
    shared.promoting = false;
    shared.mode = "poll";
    this.o.liveness?.polled(shared);
    return true;
  }

  close(): void {
    this.closed = true;
    for (const shared of [...this.byKey.values()]) this.dispose(shared);
    for (const link of [...this.links.values()]) link.close();
  }

  /** Tiered liveness: a new resource is never refused for budget; it starts polled when it cannot (or should not) stream. */
  private createLive(key: string, channel: Channel, params: ChannelParams[Channel], first: Subscriber): { ok: true; shared: SharedSub } | Extract<AttachResult, { ok: false }> {
    const shared = new SharedSub(key, "", channel, params, trackedKeys(channel, params), this.o.replay);
    shared.startAt = this.marketNow();
    shared.mode = "poll";
    shared.status = "active";
    this.byKey.set(key, shared);
    const hooks = this.o.liveness as LivenessHooks;
    if (hooks.wantsStream(shared, first) && this.subscribeUpstream(shared).ok) {
      shared.mode = "stream";
      shared.status = "pending";
      const fallbackMs = Math.min(this.o.firstAckFallbackMs ?? FIRST_ACK_FALLBACK_MS, this.o.subscribeTimeoutMs);
      shared.resubscribeTimer = this.o.clock.setTimeout(() => this.firstAckMissing(shared), fallbackMs);
    } else hooks.polled(shared);
    return { ok: true, shared };
  }

  /** The upstream never acknowledged a new resource: its slot is given back and its browsers are polled instead. */
  private firstAckMissing(shared: SharedSub): void {
    if (this.byKey.get(shared.key) !== shared || shared.status !== "pending" || shared.mode !== "stream" || this.closed) return;
    this.o.onWarn?.(`no upstream acknowledgement for ${shared.key}; polling it instead`);
    this.releaseUpstream(shared);
    shared.mode = "poll";
    shared.status = "active";
    this.o.liveness?.polled(shared);
    for (const [sub, id, m] of [...shared.members()]) if (!m.acked) this.ack(shared, sub, id, m);
  }

  /** Takes an upstream slot for `shared` and subscribes it (the budget checks of `create`, for an existing resource). */
  private subscribeUpstream(shared: SharedSub): AttachResult {
    if (isPollOnly(shared.channel)) return { ok: false, code: "unknown_channel", message: "" };
    if (this.authBlockedUntil > this.o.clock.now()) return { ok: false, code: "upstream_auth", message: "backing off" };
    const { limits } = this.o;
    const newKeys = () => shared.tracked.filter((k) => !this.tracked.has(k)).length;
    if (this.tracked.size + newKeys() > limits.trackedTokens) this.evictIdle((s) => s !== shared && s.mode === "stream" && s.tracked.length > 0);
    if (this.tracked.size + newKeys() > limits.trackedTokens) return { ok: false, code: "limit_tracked", message: "" };
    let link = this.pickLink();
    if (!link) {
      this.evictIdle((s) => s !== shared && s.mode === "stream");
      link = this.pickLink();
    }
    if (!link) return { ok: false, code: "limit_subscriptions", message: "" };
    shared.upId = `g${(++this.seq).toString(36)}`;
    shared.linkId = link.id;
    this.byUpId.set(shared.upId, shared);
    for (const k of shared.tracked) this.tracked.set(k, (this.tracked.get(k) ?? 0) + 1);
    link.subscribe(shared.upId, shared.channel, shared.params);
    return { ok: true };
  }

  /** Unsubscribes `shared` upstream; its tracked keys count until the upstream acknowledges (or the link goes). */
  private releaseUpstream(shared: SharedSub): void {
    if (shared.linkId < 0) return;
    const upId = shared.upId;
    this.byUpId.delete(upId);
    this.o.clock.clearTimeout(shared.resubscribeTimer as TimerHandle);
    const link = this.links.get(shared.linkId);
    if (link && this.o.liveness && shared.tracked.length > 0 && link.status === "open") {
      const timer = this.o.clock.setTimeout(() => this.released(upId), RELEASE_ACK_TIMEOUT_MS);
      this.releasing.set(upId, { keys: shared.tracked, linkId: shared.linkId, timer });
    } else this.untrack(shared.tracked);
    link?.unsubscribe(upId);
    shared.linkId = -1;
  }

  /** Drops the upstream side of a subscription the upstream refused or lost (nothing to unsubscribe). */
  private forgetUpstream(shared: SharedSub): void {
    this.byUpId.delete(shared.upId);
    this.links.get(shared.linkId)?.subs.delete(shared.upId);
    this.untrack(shared.tracked);
    shared.linkId = -1;
    shared.promoting = false;
  }

  private released(upId: string): void {
    const r = this.releasing.get(upId);
    if (!r) return;
    this.releasing.delete(upId);
    this.o.clock.clearTimeout(r.timer);
    this.untrack(r.keys);
  }

  private untrack(keys: readonly string[]): void {
    for (const k of keys) {
      const n = (this.tracked.get(k) ?? 1) - 1;
      if (n <= 0) this.tracked.delete(k);
      else this.tracked.set(k, n);
    }
  }

  private create(key: string, channel: Channel, params: ChannelParams[Channel]): { ok: true; shared: SharedSub } | Extract<AttachResult, { ok: false }> {
    const blockedMs = this.authBlockedUntil - this.o.clock.now();
    if (blockedMs > 0)
      return { ok: false, code: "upstream_auth", message: `the market stream rejected this server's credentials; retry in ${Math.ceil(blockedMs / 1000)} s` };
    if (isPollOnly(channel))
      return { ok: false, code: "upstream_unavailable", message: `${channel} is served by polling, which this gateway does not run` };
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
    shared.startAt = this.marketNow();
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
    for (const [sub, id, m] of [...shared.members()]) {
      this.o.clock.clearTimeout(m.timer as TimerHandle);
      shared.remove(sub, id);
      sub.subscriptionEnded(id);
    }
    this.releaseUpstream(shared);
    this.o.liveness?.disposed(shared);
  }

  private ack(shared: SharedSub, sub: Subscriber, id: string, m: Member): void {
    this.o.clock.clearTimeout(m.timer as TimerHandle);
    m.timer = undefined;
    m.acked = true;
    const live = this.o.liveness;
    if (!live) sub.sendFrame({ type: "subscribed", id, channel: shared.channel, params: shared.params });
    else if (shared.mode === "stream") sub.sendFrame({ type: "subscribed", id, channel: shared.channel, params: shared.params, mode: "stream" });
    else sub.sendFrame({ type: "subscribed", id, channel: shared.channel, params: shared.params, mode: "poll", delayMs: live.delayMs(shared) });
    shared.sendLateState(sub, id, m, this.o.clock.now());
  }

  private timeoutMember(shared: SharedSub, sub: Subscriber, id: string): void {
    const m = shared.groups.get(id)?.members.get(sub);
    if (!m || m.acked) return;
    sub.sendFrame({ type: "error", id, code: "upstream_unavailable", message: "the market stream is unavailable; retry shortly" });
    this.detach(sub, id, shared.key);
    sub.subscriptionEnded(id);
  }

  /** Tells every browser on `shared` why it ends, then releases it and its upstream slot. */
  fail(shared: SharedSub, code: StreamErrorCode, message: string, limit?: number): void {
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
    this.sendResync(shared, "upstream_reconnected", (m) => {
      if (!m.needsResync) return false;
      m.needsResync = false;
      return true;
    });
  }

  /** Every browser receiving `shared` repairs its gap from REST itself (a gap the gateway could not repair). */
  resyncAll(shared: SharedSub, reason: string): void {
    if (this.byKey.get(shared.key) === shared) this.sendResync(shared, reason, (m) => m.acked);
  }

  private sendResync(shared: SharedSub, reason: string, pick: (m: Member) => boolean): void {
    const perBrowser = new Map<Subscriber, string[]>();
    for (const [sub, id, m] of shared.members()) if (pick(m)) perBrowser.set(sub, [...(perBrowser.get(sub) ?? []), id]);
    for (const [sub, ids] of perBrowser) {
      sub.sendFrame({ type: "resync", ids, reason });
      this.o.counters.resyncs++;
    }
  }

  private readonly listener: LinkListener = {
    onLinkReady: (link, reconnected) => {
      this.authRejections = 0;
      // A link back after its loss, or a new one replacing a link lost with its subscriptions handed to polling.
      if (reconnected) this.o.counters.upstreamReconnects++;
      else if (this.replacing > 0) {
        this.replacing--;
        this.o.counters.upstreamReconnects++;
      }
      for (const upId of link.subs) {
        const s = this.byUpId.get(upId);
        if (!s) continue;
        link.resubscribe(upId, s.channel, s.params);
        if (reconnected) this.armResubscribe(s);
      }
    },
    onLinkDown: (link, reason, authFailed, code) => {
      if (authFailed) return this.rejectKey(link);
      // 1012 (service restart) is a planned handover, e.g. the fleet relay moving its connections when Redis goes or
      // comes back, which the fleet logs once itself; any other loss is worth a warning.
      if (code !== SERVICE_RESTART) this.o.onWarn?.(`upstream connection ${link.id} lost: ${reason}`);
      for (const [upId, r] of [...this.releasing]) if (r.linkId === link.id) this.released(upId); // the upstream forgot them
      let polled = false;
      for (const upId of [...link.subs]) {
        const s = this.byUpId.get(upId);
        if (!s) continue;
        if (s.promoting) {
          this.forgetUpstream(s); // still polled; the controller promotes it again once a link is up
          continue;
        }
        if (s.memberCount === 0) {
          this.dispose(s);
          continue;
        }
        if (this.o.liveness) {
          // Tiered liveness: its browsers are polled (gap repaired from the last streamed row, or from its start when
          // none was streamed yet) until a link is back and the controller promotes it again, instead of waiting.
          this.forgetUpstream(s);
          polled = true;
          s.mode = "poll";
          const fresh = s.status === "pending";
          s.status = "active";
          this.o.liveness.polled(s);
          if (fresh) for (const [sub, id, m] of [...s.members()]) if (!m.acked) this.ack(s, sub, id, m);
          continue;
        }
        for (const [, , m] of s.members()) if (m.acked) m.needsResync = true;
        s.status = "pending";
        s.resetState();
        this.armResubscribe(s); // a long outage is answered too, not only a reconnect that never re-acknowledges
      }
      // Its subscriptions all went to polling: the link closes, and the next link to come up replaces it.
      if (polled && link.subs.size === 0) this.replacing++;
    },
    onLinkClosed: (link) => {
      this.retiredMs += link.connectedMs();
      this.links.delete(link.id);
    },
    onSubscribed: (upId) => {
      const s = this.byUpId.get(upId);
      if (s?.promoting) {
        s.promoting = false;
        s.mode = "stream";
        this.o.liveness?.streamed(s, true);
        return;
      }
      if (!s || s.status === "active") return;
      s.status = "active";
      this.o.clock.clearTimeout(s.resubscribeTimer as TimerHandle);
      for (const [sub, id, m] of [...s.members()]) if (!m.acked) this.ack(s, sub, id, m);
      this.resync(s);
    },
    onUnsubscribed: (upId) => this.released(upId),
    onError: (e: UpstreamError) => {
      const s = e.upId ? this.byUpId.get(e.upId) : undefined;
      if (!s) return this.o.onWarn?.(`upstream error ${e.upstreamCode}: ${e.message}`);
      if (this.o.liveness && s.promoting) {
        this.forgetUpstream(s); // refused a promotion: its browsers go on being polled
        return this.o.onWarn?.(`promotion refused by the upstream: ${e.upstreamCode}`);
      }
      if (this.o.liveness && s.status === "pending" && s.mode === "stream" && BUDGET_CODES.has(e.code) && ![...s.members()].some(([, , m]) => m.acked)) {
        this.forgetUpstream(s); // the upstream counts differently than we do: poll rather than refuse
        s.mode = "poll";
        s.status = "active";
        this.o.liveness.polled(s);
        for (const [sub, id, m] of [...s.members()]) this.ack(s, sub, id, m);
        return;
      }
      // The upstream refused this subscription: every browser on it hears why, with its own id.
      this.fail(s, e.code, e.message, e.limit);
    },
    onEvent: (e: UpstreamEvent) => {
      this.o.counters.messagesIn++;
      this.noteMarketTime(e.meta.asOf);
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
