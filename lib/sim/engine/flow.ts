import { rateAt } from "./activity";
import type { EngineCtx } from "./context";
import { poolPrice, type Tx, type TxOptions } from "./trading";
import type { SimToken, SimWallet, WalletKind } from "./world";

// Per-token trade scheduling and the choices every trade makes (who, how much, through which router).

export type TradeFn = (ctx: EngineCtx, t: SimToken) => void;

/** Median trade size in USD by behaviour. */
const SIZE_USD: Record<WalletKind, [number, number]> = {
  ordinary: [70, 1.1],
  sniper: [350, 0.8],
  pro: [900, 0.7],
  wash: [260, 0.5],
  creator: [300, 0.9],
  bot: [1500, 0.9],
};

export function scheduleNext(ctx: EngineCtx, t: SimToken, trade: TradeFn): void {
  const a = t.activity;
  const now = ctx.scheduler.now;
  if (!a || t.retired) {
    t.trading = false;
    return;
  }
  const rate = rateAt(a, now) * ctx.activityScale;
  if (rate < 1e-4) {
    t.trading = false;
    return;
  }
  const at = now + Math.max(1, Math.round(ctx.rng.trade.exp(1000 / rate)));
  if (at > a.endAt) {
    t.trading = false;
    return;
  }
  t.trading = true;
  const gen = t.gen;
  ctx.scheduler.at(at, () => {
    if (t.gen !== gen || t.retired) return;
    trade(ctx, t);
    if (t.gen === gen) scheduleNext(ctx, t, trade);
  });
}

/** Mean of tradeSizeUsd for a kind (log-normal mean; the 60× cap trims a negligible tail). */
export function meanTradeUsd(kind: WalletKind): number {
  const [median, sigma] = SIZE_USD[kind];
  return median * Math.exp((sigma * sigma) / 2);
}

export function tradeSizeUsd(ctx: EngineCtx, kind: WalletKind): number {
  const [median, sigma] = SIZE_USD[kind];
  return Math.min(median * 60, ctx.rng.trade.logNormal(median, sigma));
}

export function toNative(ctx: EngineCtx, t: SimToken, usd: number): number {
  return usd / ctx.prices.chainUsdAt(t.chain, ctx.scheduler.now);
}

export function pickWallet(ctx: EngineCtx, t: SimToken, kind: WalletKind): SimWallet {
  return ctx.wallets.pick(t.chain, kind);
}

/** Wallets of a token that sell only when told (a scripted launch's dev and bundle): never picked as sellers. */
const heldBy = new WeakMap<SimToken, ReadonlySet<string>>();
export function holdWallets(t: SimToken, wallets: readonly string[]): void {
  heldBy.set(t, new Set([...(heldBy.get(t) ?? []), ...wallets]));
}

/** Whether a wallet of a token sells only when told (see holdWallets). */
export function isHeld(t: SimToken, wallet: string): boolean {
  return heldBy.get(t)?.has(wallet) ?? false;
}

/**
 * A holder to sell: now and then a pro sitting on a profit (they take it), otherwise anyone holding. A held wallet
 * drawn sells nothing this time.
 */
export function pickSeller(ctx: EngineCtx, t: SimToken, proShare = 0.3): string | null {
  const seller = drawSeller(ctx, t, proShare);
  return seller !== null && isHeld(t, seller) ? null : seller;
}

function drawSeller(ctx: EngineCtx, t: SimToken, proShare: number): string | null {
  const rng = ctx.rng.trade;
  if (t.pros.size > 0 && rng.chance(proShare)) {
    const price = poolPrice(t.main);
    const margin = t.fate === "established" ? 1.005 : 1.15;
    const winners: string[] = [];
    for (const [w, entry] of t.pros) if (entry * margin < price) winners.push(w);
    if (winners.length) return winners[rng.int(0, winners.length - 1)] as string;
  }
  if (t.traders.length === 0) return null;
  return t.traders[rng.int(0, t.traders.length - 1)] as string;
}

/** Share of a holder's balance a sell moves: often everything. */
export function sellShare(ctx: EngineCtx): number {
  const rng = ctx.rng.trade;
  return rng.chance(0.4) ? 1 : rng.range(0.15, 0.9);
}

/** EVM swaps often go through an aggregator router or an intent solver; the indexer resolves the real maker. */
export function senderFor(ctx: EngineCtx, tx: Tx, maker: string): string {
  if (tx.chain.family === "solana") return maker;
  const routers = ctx.routers.get(tx.chain.chain);
  const r = ctx.rng.trade.next();
  if (!routers || r > 0.45) return maker;
  return routers[r < 0.1 ? 0 : 1 + Math.floor(ctx.rng.trade.next() * (routers.length - 1))] as string;
}

/** Buy `usd` worth of `t` on its main pool in a single-swap tx. */
export function simpleBuy(ctx: EngineCtx, t: SimToken, maker: string, usd: number, opts: TxOptions = {}) {
  const tx = ctx.trading.open(t.chain, ctx.scheduler.now, opts);
  const res = ctx.trading.swap(tx, t.main, maker, true, toNative(ctx, t, usd), senderFor(ctx, tx, maker));
  ctx.trading.close(tx);
  return res;
}

export function simpleSell(ctx: EngineCtx, t: SimToken, maker: string, share: number, opts: TxOptions = {}) {
  const bal = t.balances.get(maker) ?? 0;
  if (bal <= 0) return null;
  const tx = ctx.trading.open(t.chain, ctx.scheduler.now, opts);
  const amount = share >= 1 ? bal : bal * share;
  const res = ctx.trading.swap(tx, t.main, maker, false, amount, senderFor(ctx, tx, maker));
  ctx.trading.close(tx);
  return res;
}
