import type { EngineCtx } from "./context";
import type { SimToken } from "./world";

// Memory bound: when more launchpad tokens are tracked than the cap, the market forgets the oldest quiet
// ones first (curves that never migrated, then migrated ones, then — only under pressure — active ones).

const GRADUATED_KEEP_MS = 7 * 86400_000;

export function retireSweep(ctx: EngineCtx, cap: number): number {
  const live = ctx.launches.filter((t) => !t.retired);
  ctx.launches.length = 0;
  ctx.launches.push(...live);
  let excess = live.length - Math.floor(cap * 0.95);
  if (live.length <= cap || excess <= 0) return 0;
  const now = ctx.scheduler.now;
  let retired = 0;
  const passes: ((t: SimToken) => boolean)[] = [
    (t) => !t.trading && !t.migrated && !t.completed,
    (t) => !t.trading && (!t.migrated || (t.graduatedAt ?? 0) < now - GRADUATED_KEEP_MS),
    (t) => !t.trading,
    () => true,
  ];
  for (const pass of passes) {
    for (const t of live) {
      if (excess <= 0) break;
      if (t.retired || !pass(t)) continue;
      retire(ctx, t);
      excess--;
      retired++;
    }
  }
  const rest = ctx.launches.filter((t) => !t.retired);
  ctx.launches.length = 0;
  ctx.launches.push(...rest);
  return retired;
}

export function retire(ctx: EngineCtx, t: SimToken): void {
  t.retired = true;
  t.activity = null;
  t.gen++;
  t.trading = false;
  ctx.tokens.delete(t.key);
  t.balances.clear();
  t.traders.length = 0;
  t.traderIdx.clear();
  t.pros.clear();
  ctx.emit({ type: "retire", at: ctx.scheduler.now, chain: t.chain.chain, token: t.address });
}
