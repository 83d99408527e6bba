import type { TokenTrade, TradeKey, TradesParams } from "@/lib/api";
import type { RevertEvent, TradeEvent } from "../../feed";
import { Broadcaster, type ChannelGroup, type GroupContext, type Member, poolKey, tokenKey } from "./group";

/** Rows per event frame: a busy tick is split rather than sent as one huge frame. */
export const TRADES_BATCH_MAX = 200;

type Pending = { t: "row"; row: TokenTrade } | { t: "revert"; key: TradeKey };

// §6 trades: rows as §2.3, batched per engine step, in engine order. Base rows come preconfirmed first, then
// confirmed with the same identity key; a reverted preconfirmed row gets a `revert` event with its key.
export class TradesGroup extends Broadcaster implements ChannelGroup {
  readonly token: string;
  private readonly pools: Set<string> | null;
  private pending: Pending[] = [];

  constructor(
    readonly key: string,
    params: TradesParams,
    ctx: GroupContext,
  ) {
    super("trades", ctx);
    this.token = tokenKey(params.chain, params.address);
    this.pools = params.pools?.length ? new Set(params.pools.map((p) => poolKey(params.chain, p))) : null;
  }

  join(m: Member): void {
    this.members.add(m);
  }
  leave(m: Member): void {
    this.members.delete(m);
  }

  /** A row is in the filter when either pool it traded in is, as REST's `pools` filter has it. */
  private matches(chain: string, pool: string, pool2?: string | null): boolean {
    if (!this.pools) return true;
    return this.pools.has(poolKey(chain, pool)) || (!!pool2 && this.pools.has(poolKey(chain, pool2)));
  }

  onTrade(e: TradeEvent): void {
    if (!this.matches(e.chain, e.pool, e.pool2)) return;
    this.queue({ t: "row", row: e.row });
  }
  onRevert(e: RevertEvent): void {
    if (!this.matches(e.chain, e.pool, e.pool2)) return;
    this.queue({ t: "revert", key: { txHash: e.key.txHash, block: e.key.block, logIndex: e.key.logIndex } });
  }

  private queue(p: Pending): void {
    this.pending.push(p);
    if (this.pending.length >= TRADES_BATCH_MAX) this.flush();
    else this.ctx.markDirty(this);
  }

  /** Sends queued rows and reverts in order; consecutive items of one kind share a frame. */
  flush(): void {
    const items = this.pending;
    this.pending = [];
    let i = 0;
    while (i < items.length) {
      const t = items[i].t;
      let j = i;
      while (j < items.length && items[j].t === t) j++;
      const run = items.slice(i, j);
      const meta = { asOf: this.ctx.now() };
      if (t === "row")
        this.broadcast(
          "trades",
          run.map((p) => (p as { row: TokenTrade }).row),
          meta,
        );
      else
        this.broadcast(
          "revert",
          run.map((p) => (p as { key: TradeKey }).key),
          meta,
        );
      i = j;
    }
  }

  dispose(): void {
    this.pending = [];
    this.members.clear();
  }
}
