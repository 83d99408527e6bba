import type { Candle, Channel, ChannelParams, LivenessMode, ServerFrame, TokenTrade, TradeKey } from "@/lib/api";
import { eventBody, eventFrame, eventHead } from "./frames";
import { applyPulseEvent, EMPTY_PULSE, type PulseState, pulseSnapshotData } from "./pulse-state";
import { type ReplayCursor, type ReplayLimits, ReplayWindow } from "./replay-window";
import type { Conflation } from "./send-queue";
import type { UpstreamEvent } from "./upstream-adapter";

/** A browser connection, as the shared subscriptions see it. */
export interface Subscriber {
  deliver(bytes: Buffer, conflate?: Conflation): void;
  sendFrame(frame: ServerFrame): void;
  /** The gateway ended this subscription (upstream refused it, or it never became active). */
  subscriptionEnded(id: string): void;
  /**
   * Whose viewer this is, for the shares of the budget (liveness/shares.ts): the client address, and the weight of each
   * of its subscriptions (a connection counts as at most `CONNECTION_VIEWS` viewers however many it holds). Absent: an
   * anonymous viewer of weight 1.
   */
  shareOf?(): { address: string; weight: number };
}

export interface Member {
  acked: boolean;
  /** Was receiving when the upstream was lost: gets a `resync` once it is back. */
  needsResync?: boolean;
  sinceAt: number | undefined;
  /** The last trade forwarded to this browser before it reconnected: its replay starts after it. */
  after?: ReplayCursor;
  timer?: unknown;
}

/** Where a resubscribing browser's trades replay starts (subscribe frame's `sinceAt` and `after`). */
export interface Resume {
  sinceAt?: number;
  after?: ReplayCursor;
}

interface Group {
  head: Buffer;
  members: Map<Subscriber, Member>;
}

const REPLAY_CHUNK = 100;

/** One upstream subscription shared by every browser subscription with the same subscription key. */
export class SharedSub {
  status: "pending" | "active" = "pending";
  /** How its browsers are served now: an upstream subscription (`linkId` ≥ 0) or a poller. */
  mode: LivenessMode = "stream";
  /** Polled, with an upstream subscription on its way (promotion): polling goes on until it is acknowledged. */
  promoting = false;
  linkId = -1;
  releaseTimer: unknown;
  /** Running while the upstream has lost this subscription and not acknowledged it again. */
  resubscribeTimer: unknown;
  /**
   * A lower bound of its creation on the market's clock (the market time the pool had seen lately), if any: a poller
   * taking over before any row was delivered (a stream lost early) repairs from there.
   */
  startAt: number | undefined;
  readonly groups = new Map<string, Group>();
  memberCount = 0;

  private pulse: PulseState = EMPTY_PULSE;
  private candles: Candle[] = [];
  private lastMeta: Record<string, unknown> | null = null;
  private lastData: unknown = null;
  private lateBody: Buffer | null = null;
  readonly replay: ReplayWindow | null;

  constructor(
    readonly key: string,
    /** The upstream subscription id; a fresh one on each promotion (an old one may still be unsubscribing). */
    public upId: string,
    readonly channel: Channel,
    readonly params: ChannelParams[Channel],
    readonly tracked: readonly string[],
    replayLimits: ReplayLimits,
  ) {
    this.replay = channel === "trades" ? new ReplayWindow(replayLimits) : null;
  }

  add(sub: Subscriber, id: string, member: Member): void {
    let group = this.groups.get(id);
    if (!group) {
      group = { head: eventHead(id), members: new Map() };
      this.groups.set(id, group);
    }
    if (!group.members.has(sub)) this.memberCount++;
    group.members.set(sub, member);
  }

  remove(sub: Subscriber, id: string): Member | undefined {
    const group = this.groups.get(id);
    const member = group?.members.get(sub);
    if (!group || !member) return undefined;
    group.members.delete(sub);
    this.memberCount--;
    if (group.members.size === 0) this.groups.delete(id);
    return member;
  }

  *members(): Generator<[Subscriber, string, Member]> {
    for (const [id, group] of this.groups) for (const [sub, m] of group.members) yield [sub, id, m];
  }

  /** Volatile state is stale after an upstream loss; the replay window (past rows) stays valid. */
  resetState(): void {
    this.pulse = EMPTY_PULSE;
    this.candles = [];
    this.lastMeta = null;
    this.lastData = null;
    this.lateBody = null;
  }

  /** Updates the late-joiner state and fans the event out once per distinct browser id. */
  onEvent(ev: UpstreamEvent, now: number): { delivered: number; duplicates: number } {
    if (this.isStalePoll(ev)) return { delivered: 0, duplicates: 0 };
    let data = ev.data;
    let duplicates = 0;
    let conflate: readonly number[] | undefined;
    if (this.replay && ev.kind === "trades") {
      const rows = ev.data as TokenTrade[];
      const fresh = this.replay.add(rows, now);
      duplicates = rows.length - fresh.length;
      if (fresh.length === 0) return { delivered: 0, duplicates };
      data = duplicates === 0 ? rows : fresh;
    } else if (this.replay && ev.kind === "revert") {
      this.replay.revert(ev.data as TradeKey[], now);
    } else if (this.channel === "ohlcv") {
      const incoming = ev.data as Candle[];
      const byTime = new Map(this.candles.map((c) => [c.time, c]));
      for (const c of incoming) byTime.set(c.time, c);
      this.candles = [...byTime.values()].sort((a, b) => a.time - b.time).slice(-2);
      this.lastMeta = ev.meta;
      this.lateBody = null;
      conflate = incoming.map((c) => c.time);
    } else if (this.channel === "token-updates") {
      this.lastData = ev.data;
      this.lastMeta = ev.meta;
      this.lateBody = null;
      conflate = [];
    } else if (this.channel === "pulse") {
      this.pulse = applyPulseEvent(this.pulse, ev as never);
      this.lateBody = null;
    }
    const body = eventBody(this.channel, ev.kind, data, ev.meta);
    let delivered = 0;
    for (const [id, group] of this.groups) {
      let frame: Buffer | undefined;
      for (const [sub, m] of group.members) {
        if (!m.acked) continue;
        frame ??= eventFrame(group.head, body);
        sub.deliver(frame, conflate ? { key: id, parts: conflate } : undefined);
        delivered++;
      }
    }
    return { delivered, duplicates };
  }

  /**
   * A polled pulse list, candle or token update that would move the browsers' state back in time: older than the state
   * they have (a cached answer), or landing after the stream took the resource back (a REST call in flight at the
   * promotion). Trades and wallet trades need no such guard: their rows are deduplicated by identity.
   */
  private isStalePoll(ev: UpstreamEvent): boolean {
    if (ev.meta.polled !== true || this.channel === "trades" || this.channel === "wallet-trades") return false;
    if (this.mode === "stream" && !this.promoting) return true;
    const have = (this.lastMetaFor() as { asOf?: unknown } | null)?.asOf;
    return typeof have === "number" && typeof ev.meta.asOf === "number" && ev.meta.asOf < have;
  }

  /** What a new browser subscriber gets at once: the current state, then (trades) the rows it missed (see Resume). */
  sendLateState(sub: Subscriber, id: string, { sinceAt, after }: Resume, now: number): void {
    const head = this.groups.get(id)?.head ?? eventHead(id);
    const late = this.lateStateBody();
    if (late) sub.deliver(eventFrame(head, late));
    if (!this.replay || sinceAt === undefined) return;
    const rows = this.replay.since(sinceAt, now, after);
    for (let i = 0; i < rows.length; i += REPLAY_CHUNK) {
      const chunk = rows.slice(i, i + REPLAY_CHUNK);
      sub.deliver(eventFrame(head, eventBody("trades", "trades", chunk, { asOf: now, replay: true })));
    }
  }

  private lateStateBody(): Buffer | null {
    if (this.lateBody || !this.lastMetaFor()) return this.lateBody;
    if (this.channel === "pulse") this.lateBody = eventBody("pulse", "snapshot", pulseSnapshotData(this.pulse), this.pulse.meta);
    else if (this.channel === "ohlcv") this.lateBody = eventBody("ohlcv", "candle", this.candles, this.lastMeta);
    else if (this.channel === "token-updates") this.lateBody = eventBody("token-updates", "update", this.lastData, this.lastMeta);
    return this.lateBody;
  }

  private lastMetaFor(): unknown {
    return this.channel === "pulse" ? this.pulse.meta : this.channel === "trades" ? null : this.lastMeta;
  }
}
