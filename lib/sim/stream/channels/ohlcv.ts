import type { Candle, OhlcvParams } from "@/lib/api";
import type { RevertEvent, TradeEvent } from "../../feed";
import { Broadcaster, type ChannelGroup, type GroupContext, type Member, poolKey, tokenKey } from "./group";

// §6 ohlcv: the forming candle, exactly as REST /v1/token/ohlcv returns it now (feed.formingCandles), re-pushed
// after each engine step with a trade (or a Base revert) on the token/pools. When the bucket rolls, the frame also
// carries the final state of the candle that just closed.
export class OhlcvGroup extends Broadcaster implements ChannelGroup {
  readonly token: string;
  private readonly pools: Set<string> | null;
  private lastFormingTime: number | null = null;

  constructor(
    readonly key: string,
    private readonly params: OhlcvParams,
    ctx: GroupContext,
  ) {
    super("ohlcv", ctx);
    this.token = tokenKey(params.chain, params.address);
    this.pools = params.pools?.length ? new Set(params.pools.map((p) => poolKey(params.chain, p))) : null;
  }

  private candles(): Candle[] {
    const p = this.params;
    return this.ctx.feed.formingCandles(p.chain, p.address, p.pools, p.interval, p.quote);
  }
  private meta() {
    return { asOf: this.ctx.now(), interval: this.params.interval, quote: this.params.quote };
  }

  /** A new subscriber gets the current state at once. */
  join(m: Member): void {
    this.members.add(m);
    const candles = this.candles();
    if (candles.length) this.broadcast("candle", candles, this.meta(), "event", [m]);
  }
  leave(m: Member): void {
    this.members.delete(m);
  }

  onTrade(e: TradeEvent): void {
    if (!this.pools || this.pools.has(poolKey(e.chain, e.pool))) this.ctx.markDirty(this);
  }
  onRevert(e: RevertEvent): void {
    if (!this.pools || this.pools.has(poolKey(e.chain, e.pool))) this.ctx.markDirty(this);
  }

  flush(): void {
    const candles = this.candles();
    const last = candles.at(-1);
    if (!last) return;
    const since = this.lastFormingTime ?? last.time;
    this.lastFormingTime = last.time;
    this.broadcast(
      "candle",
      candles.filter((c) => c.time >= since),
      this.meta(),
    );
  }

  dispose(): void {
    this.members.clear();
  }
}
