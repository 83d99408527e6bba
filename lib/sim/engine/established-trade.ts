import type { EngineCtx } from "./context";
import { cpmmPrice } from "./curve";
import { isHeld, pickSeller, pickWallet, senderFor, toNative, tradeSizeUsd } from "./flow";
import { valueNoise } from "./native-prices";
import type { SimPool, SimToken, WalletKind } from "./world";

// Trading on established tokens: prices mean-revert to a slowly wandering fair value (pros trade towards it, so
// they win), flow is split across pools, EVM routers split some buys over two pools in one tx (a multihop the
// indexer must fold into one row), thin pools take the odd fat-finger trade and arbitrage pulls them back.

export function fairPrice(t: SimToken, at: number, anchor: number, anchorAt: number): number {
  const n = (x: number) =>
    0.012 * valueNoise(t.fairSeed, x / 1_200_000) +
    0.03 * valueNoise(t.fairSeed + 1, x / 10_800_000) +
    0.05 * valueNoise(t.fairSeed + 2, x / 86_400_000);
  return anchor * Math.exp(n(at) - n(anchorAt));
}

const anchors = new WeakMap<SimToken, { price: number; at: number }>();

export function establishedTrade(ctx: EngineCtx, t: SimToken): void {
  const rng = ctx.rng.trade;
  const at = ctx.scheduler.now;
  const main = t.main;
  if (!main.cpmm) return;
  let anchor = anchors.get(t);
  if (!anchor) {
    anchor = { price: cpmmPrice(main.cpmm), at };
    anchors.set(t, anchor);
  }
  const price = cpmmPrice(main.cpmm);
  const fair = fairPrice(t, at, anchor.price, anchor.at);
  const lean = Math.max(-0.3, Math.min(0.3, 8 * Math.log(fair / price)));
  const r = rng.next();
  const kind: WalletKind = r < 0.15 ? "pro" : r < 0.3 && t.chain.family === "evm" ? "bot" : "ordinary";
  // A pro trades towards the fair value as they read it: pros disagree by about PRO_VIEW_SIGMA, so while the price sits
  // a little off fair (a deep pool follows its drift slowly) some still buy and some sell, rather than every pro
  // leaving one side of the book for as long as the gap lasts.
  const isBuy = kind === "pro" ? fair * Math.exp(PRO_VIEW_SIGMA * rng.normal()) > price : rng.chance(0.5 + lean);
  const pool = pickPool(ctx, t);
  if (!pool.cpmm) return;
  const usd = tradeSizeUsd(ctx, kind);
  const tx = ctx.trading.open(t.chain, at);
  if (isBuy) {
    const maker = pickWallet(ctx, t, kind).address;
    const fatFinger = pool.thin && rng.chance(0.12);
    const nativeIn = fatFinger
      ? pool.cpmm.reserveNative * rng.range(0.4, 1.5)
      : Math.min(toNative(ctx, t, usd), pool.cpmm.reserveNative * 0.02);
    const second = t.pools.find((p) => p !== pool && p.cpmm && !p.thin);
    const sender = senderFor(ctx, tx, maker);
    if (!fatFinger && second && t.chain.family === "evm" && rng.chance(0.1)) {
      // Split route: two swap logs of the same token and side in one transaction.
      ctx.trading.swap(tx, pool, maker, true, nativeIn * 0.7, sender);
      ctx.trading.swap(tx, second, maker, true, nativeIn * 0.3, sender);
    } else ctx.trading.swap(tx, pool, maker, true, nativeIn, sender);
    if (kind === "pro") t.pros.set(maker, price);
  } else {
    const want = toNative(ctx, t, usd) / cpmmPrice(pool.cpmm);
    const seller =
      kind === "pro"
        ? (proHolder(ctx, t, want) ?? holderFor(ctx, t, want))
        : kind === "bot"
          ? pickWallet(ctx, t, "bot").address
          : holderFor(ctx, t, want);
    const bal = seller ? (t.balances.get(seller) ?? 0) : 0;
    if (seller && bal > 0) {
      const tokens = Math.min(bal, want, pool.cpmm.reserveToken * 0.02);
      ctx.trading.swap(tx, pool, seller, false, tokens, senderFor(ctx, tx, seller));
    }
  }
  ctx.trading.close(tx);
  maybeArbitrage(ctx, t);
}

/**
 * Who sells an ordinary sell: a holder who has that much to sell, of a few drawn (else the largest of them). Drawing
 * one holder alone would, as a token's holders fragment into many small ones, shrink the sells (and the volume) of
 * a steadily traded token hour after hour.
 */
function holderFor(ctx: EngineCtx, t: SimToken, tokens: number): string | null {
  return bestHolder(t, tokens, () => pickSeller(ctx, t, 0));
}

const HOLDER_DRAWS = 6;

/** How far apart pros' readings of the fair value are (log-scale standard deviation). */
const PRO_VIEW_SIGMA = 0.01;

/**
 * Who sells a pro's sell: a pro holding inventory (one with that much, of a few drawn, else the largest of them), in
 * profit or not; a pro sells because the price is above fair. Null when no pro drawn holds any.
 */
function proHolder(ctx: EngineCtx, t: SimToken, tokens: number): string | null {
  if (!t.pros.size) return null;
  const pros = [...t.pros.keys()];
  return bestHolder(t, tokens, () => pros[ctx.rng.trade.int(0, pros.length - 1)] as string);
}

/** Of `HOLDER_DRAWS` wallets drawn, the first free to sell `tokens`, else the one holding most (null: none holds any). */
function bestHolder(t: SimToken, tokens: number, draw: () => string | null): string | null {
  let best: string | null = null;
  let bestBal = 0;
  for (let i = 0; i < HOLDER_DRAWS; i++) {
    const w = draw();
    const bal = w === null || isHeld(t, w) ? 0 : (t.balances.get(w) ?? 0);
    if (bal >= tokens) return w;
    if (bal > bestBal) {
      best = w;
      bestBal = bal;
    }
  }
  return best;
}

function pickPool(ctx: EngineCtx, t: SimToken): SimPool {
  if (t.pools.length === 1 || ctx.rng.trade.chance(0.7)) return t.main;
  const mainReserve = t.main.cpmm?.reserveNative ?? 0;
  const weights = t.pools.map((p) => (p.cpmm ? Math.max(p.cpmm.reserveNative, mainReserve * 0.05) : 0));
  return t.pools[ctx.rng.trade.weighted(weights)] as SimPool;
}

function maybeArbitrage(ctx: EngineCtx, t: SimToken): void {
  if (t.arbPending || t.pools.length < 2 || !t.main.cpmm) return;
  const ref = cpmmPrice(t.main.cpmm);
  const off = t.pools.find(
    (p) => p !== t.main && p.cpmm && Math.abs(cpmmPrice(p.cpmm) / ref - 1) > (p.thin ? 0.05 : 0.008),
  );
  if (!off) return;
  t.arbPending = true;
  const rng = ctx.rng.trade;
  ctx.scheduler.after(off.thin ? rng.range(8_000, 90_000) : rng.range(500, 8_000), () => {
    t.arbPending = false;
    if (!t.retired) arbitrage(ctx, t, off);
  });
}

/** Buys where it is cheap and sells where it is dear, moving the off pool back to the main price. */
function arbitrage(ctx: EngineCtx, t: SimToken, off: SimPool): void {
  const main = t.main;
  if (!off.cpmm || !main.cpmm) return;
  const target = cpmmPrice(main.cpmm);
  const k = off.cpmm.reserveNative * off.cpmm.reserveToken;
  const bot = ctx.wallets.pick(t.chain, "bot").address;
  const tx = ctx.trading.open(t.chain, ctx.scheduler.now);
  if (cpmmPrice(off.cpmm) < target) {
    const nativeIn = (Math.sqrt(k * target) - off.cpmm.reserveNative) / (1 - off.feeBps / 10_000);
    const got = ctx.trading.swap(tx, off, bot, true, nativeIn, bot);
    if (got) ctx.trading.swap(tx, main, bot, false, got.quote.amountToken, bot);
  } else {
    const tokensIn = Math.sqrt(k / target) - off.cpmm.reserveToken;
    const got = ctx.trading.swap(tx, main, bot, true, tokensIn * target * 1.01, bot);
    if (got) ctx.trading.swap(tx, off, bot, false, got.quote.amountToken, bot);
  }
  ctx.trading.close(tx);
}
