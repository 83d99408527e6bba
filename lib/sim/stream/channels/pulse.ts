import { PULSE_SNAPSHOT_INTERVAL_MS, type PulseParams, type PulseToken, TOKEN_UPDATE_MIN_INTERVAL_MS } from "@/lib/api";
import type { PulseDelta } from "../../feed";
import { type Coalescer, createCoalescer } from "../coalescer";
import type { TimerHandle } from "@/lib/api/clock";
import { Broadcaster, type ChannelGroup, type GroupContext, type Member } from "./group";

/** Entries per snapshot: the REST maximum (§4.4), so a client can cap to any page size it shows. */
export const PULSE_SNAPSHOT_LIMIT = 100;

// §6 pulse: an authoritative snapshot (replace, never merge) on subscribe and about every 30 s, with enter /
// update / leave deltas between them; `update` deltas are limited to one per token per second (latest wins).
export class PulseGroup extends Broadcaster implements ChannelGroup {
  readonly token = null;
  private readonly chains: Set<string>;
  private readonly latest = new Map<string, PulseToken>();
  private readonly updates: Coalescer;
  private timer: TimerHandle | undefined;

  constructor(
    readonly key: string,
    private readonly params: PulseParams,
    ctx: GroupContext,
  ) {
    super("pulse", ctx);
    this.chains = new Set(params.chains);
    this.updates = createCoalescer(ctx.timers, TOKEN_UPDATE_MIN_INTERVAL_MS, (addr) =>
      ctx.guard(() => this.emitUpdate(addr)),
    );
    this.timer = ctx.timers.setTimeout(() => this.tick(), PULSE_SNAPSHOT_INTERVAL_MS);
  }

  /** §1.5, as REST /v1/pulse: `degraded` when an entry's USD figures rest on a stale native price. */
  private meta(entries: readonly { chain: string }[] = []) {
    const degraded = entries.some((t) => this.ctx.feed.nativeStale(t.chain)) ? { degraded: true } : {};
    return { asOf: this.ctx.now(), view: this.params.view, ...degraded };
  }
  private snapshot(to?: Iterable<Member>): void {
    const list = this.ctx.feed.pulseList(this.params.view, this.params.chains, PULSE_SNAPSHOT_LIMIT);
    this.broadcast("snapshot", list, { ...this.meta(list), limit: PULSE_SNAPSHOT_LIMIT }, "event", to);
  }
  private tick(): void {
    this.timer = this.ctx.timers.setTimeout(() => this.tick(), PULSE_SNAPSHOT_INTERVAL_MS);
    // the snapshot carries every pending update's latest state
    this.updates.dropAllPending();
    this.latest.clear();
    this.ctx.guard(() => this.snapshot());
  }
  private emitUpdate(addr: string): void {
    const t = this.latest.get(addr);
    this.latest.delete(addr);
    if (t) this.broadcast("update", t, this.meta([t]), "delta");
  }

  join(m: Member): void {
    this.members.add(m);
    this.snapshot([m]);
  }
  leave(m: Member): void {
    this.members.delete(m);
  }

  onPulseDelta(d: PulseDelta): void {
    if (d.view !== this.params.view || !this.chains.has(d.chain)) return;
    const id = `${d.token.chain}:${d.token.address}`;
    if (d.kind === "update") {
      this.latest.set(id, d.token as PulseToken);
      this.updates.touch(id);
      return;
    }
    // enter and leave go out at once; an update still pending from before must not follow them
    this.updates.dropPending(id);
    this.latest.delete(id);
    const data = d.kind === "leave" ? { chain: d.token.chain, address: d.token.address } : d.token;
    this.broadcast(d.kind, data, this.meta(d.kind === "leave" ? [] : [data]), "delta");
  }

  dispose(): void {
    this.ctx.timers.clearTimeout(this.timer);
    this.updates.dispose();
    this.latest.clear();
    this.members.clear();
  }
}
