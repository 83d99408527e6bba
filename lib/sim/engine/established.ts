import { steadyActivity } from "./activity";
import { blockAt, type SimChain } from "./chains";
import type { EngineCtx } from "./context";
import { type CpmmState, cpmmPrice } from "./curve";
import { establishedTrade } from "./established-trade";
import type { PoolHistory } from "./events";
import { meanTradeUsd, scheduleNext } from "./flow";
import { HISTORY_DAYS, historyShape, poolHistories, tokenPath } from "./history";
import { establishedText } from "./names";
import { evmAddress, hash32, Rng, solanaAddress } from "./rng";
import { archiveLevels } from "./warm-flow";
import { BURN_EVM, BURN_SOL, credit, noTradingYet, type SimPool, type SimToken, tokenIdentity } from "./world";

// Established tokens: months old, several pools each (so multi-pool aggregation matters), deep liquidity.

const PER_CHAIN: Record<string, number> = { solana: 7, "evm:1": 6, "evm:8453": 5, "evm:56": 5, "evm:42161": 3 };
const POOL_TYPES: Record<string, [string, string, number][]> = {
  solana: [
    ["Saltmarsh CLMM", "clmm", 25],
    ["Rayline CPMM", "cpmm", 25],
    ["Meteorite DLMM", "dlmm", 20],
    ["Tidepool", "cpmm", 30],
  ],
  evm: [
    ["Unison V3", "v3", 30],
    ["Unison V2", "v2", 30],
    ["Unison V3", "v3", 100],
    ["Curvy Stable", "stable", 5],
  ],
};

export function createEstablished(ctx: EngineCtx, chains: readonly SimChain[], warmStart: number): SimToken[] {
  const out: SimToken[] = [];
  let index = 0;
  for (const chain of chains) {
    const n = PER_CHAIN[chain.chain] ?? 1;
    for (let i = 0; i < n; i++) out.push(createOne(ctx, chain, index++, warmStart));
  }
  return out;
}

function createOne(ctx: EngineCtx, chain: SimChain, index: number, warmStart: number): SimToken {
  const rng = ctx.rng.history;
  const addr = () => (chain.family === "solana" ? solanaAddress(ctx.rng.addr) : evmAddress(ctx.rng.addr));
  const address = addr();
  const text = establishedText(ctx.rng.text, index, address.slice(-10), ctx.assetBase);
  const nativeUsd = ctx.prices.chainUsdAt(chain, warmStart);
  const mcapUsd = Math.exp(rng.range(Math.log(3e6), Math.log(9e8)));
  const supply = 10 ** rng.int(8, 12) * rng.int(1, 9);
  const priceNative = mcapUsd / nativeUsd / supply;
  const liquidityUsd = Math.min(4e7, mcapUsd * rng.range(0.015, 0.07));
  const createdAt = warmStart - Math.round(rng.range(HISTORY_DAYS + 20, 700) * 86400_000);
  const { hostile, name, symbol, ...links } = text;
  const t: SimToken = {
    ...tokenIdentity(chain, address, name, symbol),
    decimals: chain.family === "solana" ? 9 : 18,
    supply,
    createdAt,
    creator: addr(),
    fate: "established",
    factory: null,
    meta: { ...links, hostile },
    security: {
      mintAuthority: rng.chance(0.2) ? true : rng.chance(0.7) ? false : null,
      freezeAuthority: rng.chance(0.1) ? true : rng.chance(0.6) ? false : null,
      checkedAt: warmStart,
    },
    ...noTradingYet(),
    completed: true,
    migrated: false,
    graduatedAt: null,
    lastTradeAt: warmStart,
    fairSeed: hash32(`fair:${address}`),
    retired: false,
  };
  const types = POOL_TYPES[chain.family === "solana" ? "solana" : "evm"] as [string, string, number][];
  const nPools = rng.int(2, 4);
  const shares = [rng.range(0.6, 0.8)];
  for (let i = 1; i < nPools; i++)
    shares.push(i === nPools - 1 && nPools > 2 ? rng.range(0.003, 0.015) : rng.range(0.1, 0.3));
  const total = shares.reduce((a, b) => a + b, 0);
  let held = 0;
  const emitBase = (at: number) => ({
    at,
    chain: chain.chain,
    txHash: chain.family === "solana" ? rng.base58(88) : rng.hex(64, "0x"),
    block: blockAt(chain, at),
    logIndex: rng.int(0, 200),
  });
  ctx.emit({
    type: "token",
    ...emitBase(createdAt),
    token: address,
    name,
    symbol,
    decimals: t.decimals,
    totalSupply: supply,
    creator: t.creator,
    factory: null,
    meta: t.meta,
  });
  for (let i = 0; i < nPools; i++) {
    const [dex, type, feeBps] = types[i % types.length] as [string, string, number];
    const liqNative = (liquidityUsd * (shares[i] as number)) / total / nativeUsd / 2;
    const thin = i > 0 && (shares[i] as number) < 0.02;
    const cpmm = {
      reserveNative: liqNative,
      reserveToken: liqNative / (priceNative * (thin ? rng.range(0.97, 1.03) : 1)),
    };
    const pool: SimPool = {
      address: addr(),
      token: t,
      kind: "cpmm",
      type,
      factory: addr(),
      dex,
      feeBps,
      thin,
      curve: null,
      cpmm,
      createdAt: i === 0 ? createdAt : createdAt + Math.round(rng.range(1, 60) * 86400_000),
    };
    t.pools.push(pool);
    credit(t, pool.address, cpmm.reserveToken, false);
    held += cpmm.reserveToken;
    ctx.emit({
      type: "pool",
      ...emitBase(pool.createdAt),
      pool: pool.address,
      token: address,
      poolType: type,
      factory: pool.factory,
      dex,
      quoteAddress: chain.wrappedNative,
      quoteSymbol: chain.nativeSymbol,
      feeBps,
      reserveNative: liqNative,
      priceNative: cpmmPrice(cpmm),
      curve: false,
    });
  }
  t.main = t.pools[0] as SimPool;
  distributeHolders(ctx, t, held, addr);
  const rate = Math.min(1.2, Math.max(0.04, (liquidityUsd / 2e6) * 0.12));
  anchorHistory(ctx, t, warmStart, liquidityUsd / nativeUsd, rate * ctx.activityScale);
  t.activity = steadyActivity(warmStart, rate);
  ctx.tokens.set(t.key, t);
  scheduleNext(ctx, t, establishedTrade);
  return t;
}

function distributeHolders(ctx: EngineCtx, t: SimToken, held: number, addr: () => string): void {
  const rng = ctx.rng.history;
  let rest = t.supply - held;
  const burn = rest * rng.range(0, 0.2);
  if (burn > 0) credit(t, t.chain.family === "solana" ? BURN_SOL : BURN_EVM, burn, false);
  rest -= burn;
  const whales = 30;
  const weights = Array.from({ length: whales }, (_, i) => 1 / (i + 1) ** 1.1);
  const wsum = weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < whales; i++) {
    const owner = i < 10 ? ctx.wallets.pick(t.chain, rng.chance(0.5) ? "pro" : "ordinary").address : addr();
    credit(t, owner, (rest * (weights[i] as number)) / wsum, true);
  }
}

/** Mean USD size of an established token's live trade (establishedTrade's mix: 15 % pro, 15 % bot on EVM). */
function establishedMeanTradeUsd(evm: boolean): number {
  const bot = evm ? 0.15 : 0;
  const nominal = 0.15 * meanTradeUsd("pro") + bot * meanTradeUsd("bot") + (0.85 - bot) * meanTradeUsd("ordinary");
  // Trades are clipped to 2 % of a pool's reserve and the size tail is capped: the live mean comes out ~0.8 of the
  // nominal mix (measured across seeds by lib/sim/http/volume-seam.test.ts).
  return nominal * 0.8;
}

/** Archive anchor: enough to regenerate the token's coarse history later, deterministically. */
function anchorHistory(
  ctx: EngineCtx,
  t: SimToken,
  warmStart: number,
  liquidityNative: number,
  tradesPerSec: number,
): void {
  // History trades like the live market that continues it (same trade rate and size mix), so volume does not jump
  // where the two meet; `turnover` only makes the past weeks a little busier or quieter than today (history.ts).
  const tradeUsd = establishedMeanTradeUsd(t.chain.family === "evm");
  const nativeUsd = ctx.prices.chainUsdAt(t.chain, warmStart);
  t.archive = {
    warmStart,
    liquidityNative,
    turnover: ctx.rng.history.range(0.8, 1.25),
    nativePerHour: (tradesPerSec * 3600 * tradeUsd) / nativeUsd,
    avgTradeNative: tradeUsd / nativeUsd,
    pools: t.pools.map((p) => ({
      address: p.address,
      price: cpmmPrice(p.cpmm as CpmmState),
      reserveNative: (p.cpmm as CpmmState).reserveNative,
      thin: p.thin,
      createdAt: p.createdAt,
    })),
  };
}

/** Months of hourly candles and the last day in minutes for each pool, from a stream seeded by the token. */
export function archiveHistory(t: SimToken): PoolHistory[] {
  const a = t.archive;
  if (!a) return [];
  const rng = new Rng(`archive:${t.fairSeed}:${t.address}`);
  const shape = historyShape(a.warmStart);
  const path = tokenPath(rng, shape.hours, shape.minutes);
  const levels = archiveLevels(
    a.flow,
    a.pools.map((p) => ({
      hourlyVolume: (a.nativePerHour * p.reserveNative * 2) / a.liquidityNative,
      avgTradeNative: a.avgTradeNative,
    })),
  );
  const out: PoolHistory[] = [];
  for (const [i, p] of a.pools.entries()) {
    const level = levels[i] as (typeof levels)[number];
    out.push(
      ...poolHistories(
        rng,
        {
          chain: t.chain.chain,
          token: t.address,
          pool: p.address,
          endPrice: p.price,
          end: a.warmStart,
          hourlyVolume: level.hourlyVolume,
          turnover: a.turnover,
          avgTradeNative: level.avgTradeNative,
          deviation: p.thin ? 0.004 : 0.0006,
          createdAt: p.createdAt,
        },
        path,
      ),
    );
  }
  return out;
}
