import type { Channel } from "@/lib/api";
import type { MarketFeed, PulseDelta, RevertEvent, TradeEvent } from "../../feed";
import { eventBytes, eventTail } from "../frames";
import type { FrameClass } from "../outbox";
import type { Clock } from "@/lib/api/clock";

// A group holds every subscription with the same normalized params (same subscription key): it computes each
// event once, serializes it once and hands the same bytes to every member.

export interface MemberSink {
  deliver(bytes: Buffer, cls: FrameClass): void;
}
export interface Member {
  readonly id: string;
  readonly sink: MemberSink;
}

export interface HubStats {
  eventsPublished: number;
  serializations: number;
  framesQueued: number;
  /** Failures caught while building events (never allowed to reach the engine or crash the process). */
  errors: number;
}

export interface GroupContext {
  feed: MarketFeed;
  timers: Clock;
  /** Clock for `meta.asOf` (the market's). */
  now: () => number;
  stats: HubStats;
  /** "per-socket" re-serializes each event for every member: the benchmark's baseline, never the default. */
  fanout: "shared" | "per-socket";
  /** Runs `fn`, counting and swallowing a failure: our code runs inside the engine's listeners and timers. */
  guard(fn: () => void): void;
  /** Asks the hub to call `flush()` once the current engine step is over. */
  markDirty(group: ChannelGroup): void;
}

export interface ChannelGroup {
  readonly key: string;
  readonly channel: Channel;
  readonly members: Set<Member>;
  /** `${chain}:${address}` of the token it follows; pulse groups follow none. */
  readonly token: string | null;
  join(m: Member): void;
  leave(m: Member): void;
  onTrade?(e: TradeEvent): void;
  onRevert?(e: RevertEvent): void;
  onTokenChange?(): void;
  onPulseDelta?(d: PulseDelta): void;
  flush?(): void;
  dispose(): void;
}

export function tokenKey(chain: string, address: string): string {
  return `${chain}:${chain === "solana" ? address : address.toLowerCase()}`;
}

export function poolKey(chain: string, pool: string): string {
  return chain === "solana" ? pool : pool.toLowerCase();
}

export class Broadcaster {
  readonly members = new Set<Member>();
  constructor(
    readonly channel: Channel,
    protected readonly ctx: GroupContext,
  ) {}

  /** Serializes once; one id-prefixed buffer per distinct subscription id. */
  protected broadcast(
    kind: string,
    data: unknown,
    meta: object,
    cls: FrameClass = "event",
    to: Iterable<Member> = this.members,
  ): void {
    this.ctx.stats.eventsPublished++;
    if (this.ctx.fanout === "per-socket") {
      for (const m of to) {
        this.ctx.stats.serializations++;
        m.sink.deliver(eventBytes(m.id, eventTail(this.channel, kind, data, meta)), cls);
        this.ctx.stats.framesQueued++;
      }
      return;
    }
    const tail = eventTail(this.channel, kind, data, meta);
    this.ctx.stats.serializations++;
    const byId = new Map<string, Buffer>();
    for (const m of to) {
      let bytes = byId.get(m.id);
      if (!bytes) byId.set(m.id, (bytes = eventBytes(m.id, tail)));
      m.sink.deliver(bytes, cls);
      this.ctx.stats.framesQueued++;
    }
  }
}
