import { TOKEN_UPDATE_MIN_INTERVAL_MS, type TokenUpdatesParams } from "@/lib/api";
import { type Coalescer, createCoalescer } from "../coalescer";
import { Broadcaster, type ChannelGroup, type GroupContext, type Member, tokenKey } from "./group";

// §6 token-updates: at most one event per second per token. Members share the group's window, so the bound holds
// per subscription too; a change inside the window is sent (latest state) when it ends.
export class TokenUpdatesGroup extends Broadcaster implements ChannelGroup {
  readonly token: string;
  private readonly window: Coalescer;

  constructor(
    readonly key: string,
    private readonly params: TokenUpdatesParams,
    ctx: GroupContext,
  ) {
    super("token-updates", ctx);
    this.token = tokenKey(params.chain, params.address);
    this.window = createCoalescer(ctx.timers, TOKEN_UPDATE_MIN_INTERVAL_MS, () => ctx.guard(() => this.emit()));
  }

  private emit(): void {
    const u = this.ctx.feed.tokenUpdate(this.params.chain, this.params.address);
    // §1.5: nulls from a stale native price come with meta.degraded, as REST /v1/token says
    const degraded = this.ctx.feed.nativeStale(this.params.chain) ? { degraded: true } : {};
    if (u) this.broadcast("update", u, { asOf: this.ctx.now(), ...degraded });
  }

  /** A new subscriber gets the current state now, or at the end of the open window (never two within 1 s). */
  join(m: Member): void {
    this.members.add(m);
    this.window.touch("t");
  }
  leave(m: Member): void {
    this.members.delete(m);
  }
  onTokenChange(): void {
    this.window.touch("t");
  }
  dispose(): void {
    this.window.dispose();
    this.members.clear();
  }
}
