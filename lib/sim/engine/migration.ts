import { dexActivity } from "./activity";
import type { EngineCtx } from "./context";
import { curvePrice } from "./curve";
import { scheduleNext, type TradeFn } from "./flow";
import { evmAddress, solanaAddress } from "./rng";
import { BURN_EVM, BURN_SOL, credit, type SimPool, type SimToken, setBalance } from "./world";

// A completed curve migrates: the migration event (the authority for graduatedAt) names the destination
// pool; the pool itself is created a few seconds later in its own transaction.

const MIGRATION_FEE = 0.015;

export function migrate(ctx: EngineCtx, t: SimToken, trade: TradeFn): void {
  if (t.completed) return;
  const { rng, scheduler, trading } = ctx;
  t.completed = true;
  t.activity = null;
  t.gen++;
  const curvePool = t.main;
  const dexAddress = t.chain.family === "solana" ? solanaAddress(rng.addr) : evmAddress(rng.addr);
  scheduler.after(rng.launch.range(400, 2000), () => {
    if (t.retired) return;
    const at = scheduler.now;
    const tx = trading.open(t.chain, at, { noRevert: true });
    t.migrated = true;
    t.graduatedAt = at;
    ctx.emit({
      type: "migration",
      at,
      chain: t.chain.chain,
      txHash: tx.txHash,
      block: tx.block,
      logIndex: trading.logIndex(tx),
      token: t.address,
      fromPool: curvePool.address,
      toPool: dexAddress,
    });
    scheduler.after(rng.launch.range(2000, 8000), () => createDexPool(ctx, t, curvePool, dexAddress, trade));
  });
}

function createDexPool(ctx: EngineCtx, t: SimToken, curvePool: SimPool, address: string, trade: TradeFn): void {
  if (t.retired || !curvePool.curve) return;
  const { scheduler, trading, rng } = ctx;
  const at = scheduler.now;
  const f = t.factory;
  const price = curvePrice(curvePool.curve);
  const reserveNative = curvePool.curve.realNative * (1 - MIGRATION_FEE);
  const reserveToken = reserveNative / price;
  const left = t.balances.get(curvePool.address) ?? 0;
  curvePool.curve.realNative = 0;
  const dex: SimPool = {
    address,
    token: t,
    kind: "cpmm",
    type: f?.dexPoolType ?? "cpmm",
    factory: f?.dexFactory ?? address,
    dex: f?.migratesTo ?? "DEX",
    feeBps: 25,
    createdAt: at,
    thin: false,
    curve: null,
    cpmm: { reserveNative, reserveToken },
  };
  setBalance(t, curvePool.address, 0, false);
  credit(t, dex.address, Math.min(left, reserveToken), false);
  if (left > reserveToken) credit(t, t.chain.family === "solana" ? BURN_SOL : BURN_EVM, left - reserveToken, false);
  t.pools.push(dex);
  t.main = dex;
  const tx = trading.open(t.chain, at, { noRevert: true });
  ctx.emit({
    type: "pool",
    at,
    chain: t.chain.chain,
    txHash: tx.txHash,
    block: tx.block,
    logIndex: trading.logIndex(tx),
    pool: address,
    token: t.address,
    poolType: dex.type,
    factory: dex.factory,
    dex: dex.dex,
    quoteAddress: t.chain.wrappedNative,
    quoteSymbol: t.chain.nativeSymbol,
    feeBps: dex.feeBps,
    reserveNative,
    priceNative: price,
    curve: false,
  });
  t.activity = dexActivity(rng.launch, t.fate, at);
  t.gen++;
  scheduleNext(ctx, t, trade);
}
