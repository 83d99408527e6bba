import { type Candle, INTERVAL_SECONDS, type OhlcvParams } from "@/lib/api";
import { bucketStart } from "@/lib/api/candle-buckets";
import type { RevertEvent, TradeEvent } from "../../feed";
import { Broadcaster, type ChannelGroup, type GroupContext, type Member, poolKey, tokenKey } from "./group";

// §6 ohlcv: the forming candle, exactly as REST /v1/token/ohlcv returns it now (feed.formingCandles), re-pushed
// after each engine step with a trade (or a Base revert) on the token/pools. When the bucket rolls, the frame also
// carries the final state of the candle that just closed. A trade or a revert that lands in an older bucket (a Base
// swap confirmed, or reverted, after its bucket closed: within 30 s) makes the next frame carry every candle from that
// bucket on, so a consumer that upserts candles by time ends up equal to REST.

/** Reverts drop a preconfirmed row within this long of the swap (§6). */
const REVERT_WINDOW_MS = 30_000;
/** Most candles one repair frame carries (30 s of 1 s candles, plus the forming one). */
const MAX_REPAIR_CANDLES = 40;

export class OhlcvGroup extends Broadcaster implements ChannelGroup {
  readonly token: string;
  private readonly pools: Set<string> | null;
  private lastFormingTime: number | null = null;
  /** Unix seconds of the oldest bucket changed behind the forming candle since the last frame. */
  private repairFrom: number | null = null;

  constructor(
    readonly key: string,
    private readonly params: OhlcvParams,
    ctx: GroupContext,
  ) {
    super("ohlcv", ctx);
    this.token = tokenKey(params.chain, params.address);
    this.pools = params.pools?.length ? new Set(params.pools.map((p) => poolKey(params.chain, p))) : null;
  }

  private candles(limit = 2): Candle[] {
    const p = this.params;
    return this.ctx.feed.formingCandles(p.chain, p.address, p.pools, p.interval, p.quote, limit);
  }

  private touched(atMs: number): void {
    const bucket = bucketStart(this.params.interval, Math.floor(atMs / 1000));
    if (this.lastFormingTime !== null && bucket < this.lastFormingTime)
      this.repairFrom = Math.min(this.repairFrom ?? bucket, bucket);
  }
  private meta() {
    return { asOf: this.ctx.now(), interval: this.params.interval, quote: this.params.quote };
  }

  /**
   * A new subscriber gets the current state at once. The group's first subscriber also sets where the next push
   * starts: a trade can still land in the bucket it was sent, and if that bucket has closed by the next push, the push
   * must carry its final state, not only the bucket forming then.
   */
  join(m: Member): void {
    this.members.add(m);
    const candles = this.candles();
    const newest = candles.at(-1);
    if (!newest) return;
    this.lastFormingTime ??= newest.time;
    this.broadcast("candle", candles, this.meta(), "event", [m]);
  }
  leave(m: Member): void {
    this.members.delete(m);
  }

  /** Either pool of a two-pool row moves the candles of the pools it traded in. */
  private inPools(e: { chain: string; pool: string; pool2?: string | null }): boolean {
    if (!this.pools) return true;
    return this.pools.has(poolKey(e.chain, e.pool)) || (!!e.pool2 && this.pools.has(poolKey(e.chain, e.pool2)));
  }

  onTrade(e: TradeEvent): void {
    if (!this.inPools(e)) return;
    this.touched(e.row.at);
    this.ctx.markDirty(this);
  }
  onRevert(e: RevertEvent): void {
    if (!this.inPools(e)) return;
    // The event names the trade, not its time: it was at most REVERT_WINDOW_MS ago.
    this.touched(this.ctx.now() - REVERT_WINDOW_MS);
    this.ctx.markDirty(this);
  }

  flush(): void {
    const repairFrom = this.repairFrom;
    this.repairFrom = null;
    let limit = 2;
    if (repairFrom !== null && this.lastFormingTime !== null) {
      const behind = Math.ceil((this.lastFormingTime - repairFrom) / INTERVAL_SECONDS[this.params.interval]);
      limit = Math.min(MAX_REPAIR_CANDLES, behind + 2);
    }
    const candles = this.candles(limit);
    const last = candles.at(-1);
    if (!last) return;
    const since = Math.min(this.lastFormingTime ?? last.time, repairFrom ?? Number.POSITIVE_INFINITY);
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
