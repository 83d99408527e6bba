import { buyProbability, curveActivity, dexActivity, drawFate } from "./activity";
import type { SimChain } from "./chains";
import { BUNDLE_RATE, FRESH_BUY_RATE, freshBuyer, launchBundle, scheduleDevSell } from "./cohort-flow";
import type { EngineCtx } from "./context";
import { CURVE_VIRTUAL_TOKENS, LAUNCH_SUPPLY } from "./curve";
import type { SimFactory } from "./factories";
import {
  holdWallets,
  pickSeller,
  pickWallet,
  scheduleNext,
  sellShare,
  senderFor,
  simpleBuy,
  simpleSell,
  toNative,
  tradeSizeUsd,
} from "./flow";
import { migrate } from "./migration";
import { type HostileKind, launchText } from "./names";
import { evmAddress, solanaAddress } from "./rng";
import { type Fate, noTradingYet, type SimPool, type SimToken, setBalance, tokenIdentity } from "./world";

// Launchpad tokens: creation with the creator's buy in the same tx, snipers in the first seconds, pros on the
// ones that run, wash trading on Solana, creators dumping duds — and the curve completing into a migration.

export interface LaunchOptions {
  fate?: Fate;
  /** Hostile metadata: a pattern drawn at random (true), or the one named. */
  hostile?: boolean | HostileKind;
  /** Wallets in a bundle bought at creation (0 = none); drawn at BUNDLE_RATE when not given. */
  bundle?: number;
  /** The dev and the bundle sell only when told (control API), never on their own. */
  holdCohorts?: boolean;
  /** A control-API launch: its bundle's buys revert only when a revert is armed, as the control API's trades. */
  scripted?: boolean;
  /**
   * Nobody but the control API trades it while it is on its curve (no snipers, crowd or dev sell), so a caller can put
   * it at a progress and know it stays there; once it graduates its DEX pool trades as any other.
   */
  quiet?: boolean;
}

const bundles = new WeakMap<SimToken, { funder: string; wallets: string[] }>();
/** The bundle that bought `t` at creation, if any. */
export const bundleOf = (t: SimToken) => bundles.get(t) ?? null;

export function createLaunch(ctx: EngineCtx, chain: SimChain, opts: LaunchOptions = {}): SimToken {
  const { rng, scheduler } = ctx;
  const at = scheduler.now;
  const factories = ctx.factoriesByChain.get(chain.chain) as SimFactory[];
  const factory = factories[rng.launch.weighted(factories.map((f) => f.weight))] as SimFactory;
  const address = chain.family === "solana" ? solanaAddress(rng.addr, factory.mintSuffix) : evmAddress(rng.addr);
  const text = launchText(rng.text, address.slice(-10), opts.hostile, ctx.assetBase);
  const creator = pickWallet(ctx, { chain } as SimToken, "creator").address;
  const fate = opts.fate ?? drawFate(rng.launch);
  const { hostile, name, symbol, ...links } = text;
  const t: SimToken = {
    ...tokenIdentity(chain, address, name, symbol),
    decimals: chain.family === "solana" ? 6 : 18,
    supply: LAUNCH_SUPPLY,
    createdAt: at,
    creator,
    fate,
    factory,
    meta: { ...links, hostile },
    security:
      chain.family === "solana"
        ? { mintAuthority: false, freezeAuthority: false, checkedAt: at }
        : {
            mintAuthority: rng.launch.chance(0.9) ? false : null,
            freezeAuthority: rng.launch.chance(0.85) ? false : null,
            checkedAt: at,
          },
    ...noTradingYet(),
    completed: false,
    migrated: false,
    graduatedAt: null,
    lastTradeAt: at,
    fairSeed: 0,
    retired: false,
  };
  const curve: SimPool = {
    address: chain.family === "solana" ? solanaAddress(rng.addr) : evmAddress(rng.addr),
    token: t,
    kind: "curve",
    type: factory.poolType,
    factory: factory.address,
    dex: factory.name,
    feeBps: factory.feeBps,
    createdAt: at,
    thin: false,
    cpmm: null,
    curve: {
      vNative: factory.virtualNative0,
      vToken: CURVE_VIRTUAL_TOKENS,
      realNative: 0,
      thresholdNative: factory.thresholdNative,
    },
  };
  t.pools.push(curve);
  t.main = curve;
  setBalance(t, curve.address, LAUNCH_SUPPLY, false);
  ctx.tokens.set(t.key, t);
  ctx.launches.push(t);

  const tx = ctx.trading.open(chain, at, { noRevert: true });
  const base = { at, chain: chain.chain, txHash: tx.txHash, block: tx.block };
  ctx.emit({
    type: "token",
    ...base,
    logIndex: ctx.trading.logIndex(tx),
    token: address,
    name,
    symbol,
    decimals: t.decimals,
    totalSupply: t.supply,
    creator,
    factory: factory.address,
    meta: t.meta,
  });
  ctx.emit({
    type: "pool",
    ...base,
    logIndex: ctx.trading.logIndex(tx),
    pool: curve.address,
    token: address,
    poolType: curve.type,
    factory: factory.address,
    dex: factory.name,
    quoteAddress: chain.wrappedNative,
    quoteSymbol: chain.nativeSymbol,
    feeBps: curve.feeBps,
    reserveNative: 0,
    priceNative: factory.virtualNative0 / CURVE_VIRTUAL_TOKENS,
    curve: true,
  });
  // The creator's own buy lands in the creation tx.
  ctx.trading.swap(tx, curve, creator, true, toNative(ctx, t, tradeSizeUsd(ctx, "creator")), creator);
  ctx.trading.close(tx);

  t.activity = curveActivity(rng.launch, fate, at);
  if (!opts.quiet) scheduleEarlyFlow(ctx, t);
  const bundleSize =
    opts.bundle ??
    (rng.cohorts.chance(BUNDLE_RATE[chain.family === "solana" ? "solana" : "evm"]) ? rng.cohorts.int(3, 6) : 0);
  if (bundleSize > 0)
    bundles.set(
      t,
      launchBundle(ctx, t, () => migrate(ctx, t, launchTrade), bundleSize, opts.holdCohorts || opts.quiet, {
        scripted: opts.scripted,
      }),
    );
  scheduleDevSell(ctx, t, opts.holdCohorts || opts.quiet);
  if (opts.holdCohorts) holdWallets(t, [t.creator, ...(bundleOf(t)?.wallets ?? [])]);
  if (!opts.quiet) scheduleNext(ctx, t, launchTrade);
  return t;
}

function scheduleEarlyFlow(ctx: EngineCtx, t: SimToken): void {
  const { rng, scheduler } = ctx;
  const busy = t.chain.chain === "solana" ? 0.75 : t.chain.weight > 10 ? 0.5 : 0.2;
  if (rng.launch.chance(busy)) {
    const n = rng.launch.int(1, 4);
    for (let i = 0; i < n; i++) {
      const sniper = pickWallet(ctx, t, "sniper").address;
      scheduler.after(rng.launch.range(300, 2500), () => {
        if (t.completed || t.retired) return;
        const res = simpleBuy(ctx, t, sniper, tradeSizeUsd(ctx, "sniper"));
        if (res?.completes) migrate(ctx, t, launchTrade);
      });
      scheduler.after(rng.launch.range(20_000, 600_000), () => {
        if (!t.retired && t.activity) simpleSell(ctx, t, sniper, 1);
      });
    }
  }
  if (t.fate === "runner" || t.fate === "graduate") {
    const n = t.fate === "runner" ? rng.launch.int(2, 4) : rng.launch.int(0, 2);
    for (let i = 0; i < n; i++) {
      const pro = pickWallet(ctx, t, "pro").address;
      scheduler.after(rng.launch.range(3000, 90_000), () => {
        if (t.completed || t.retired) return;
        const res = simpleBuy(ctx, t, pro, tradeSizeUsd(ctx, "pro"));
        if (res) t.pros.set(pro, res.log.amountNative / res.log.amountToken);
        if (res?.completes) migrate(ctx, t, launchTrade);
      });
    }
  }
  if (t.fate === "dud" && rng.launch.chance(0.35)) {
    scheduler.after(rng.launch.range(30_000, 400_000), () => {
      if (!t.retired && t.activity) simpleSell(ctx, t, t.creator, 1);
    });
  }
}

export function launchTrade(ctx: EngineCtx, t: SimToken): void {
  const { rng, scheduler } = ctx;
  const a = t.activity;
  if (!a) return;
  const at = scheduler.now;
  if (t.chain.family === "solana" && t.fate !== "dud" && rng.trade.chance(0.07)) return washTrade(ctx, t);
  const isBuy = t.traders.length === 0 || rng.trade.chance(buyProbability(a, at));
  if (isBuy) {
    const early = at - t.createdAt < 10 * 60_000;
    const kind = (t.fate === "runner" || t.fate === "graduate") && early && rng.trade.chance(0.12) ? "pro" : "ordinary";
    const fresh = kind === "ordinary" && at - t.createdAt < 30 * 60_000 && rng.cohorts.chance(FRESH_BUY_RATE);
    const maker = fresh ? freshBuyer(ctx, t) : pickWallet(ctx, t, kind).address;
    const res = simpleBuy(ctx, t, maker, tradeSizeUsd(ctx, kind));
    if (res && kind === "pro") t.pros.set(maker, res.log.amountNative / res.log.amountToken);
    if (res?.completes) migrate(ctx, t, launchTrade);
    return;
  }
  const seller = pickSeller(ctx, t, t.migrated ? 0.25 : 0.1);
  if (seller) simpleSell(ctx, t, seller, sellShare(ctx));
}

/** Solana wash trade: one wallet buys and sells the same size in one transaction. */
function washTrade(ctx: EngineCtx, t: SimToken): void {
  const maker = pickWallet(ctx, t, "wash").address;
  const tx = ctx.trading.open(t.chain, ctx.scheduler.now);
  const buy = ctx.trading.swap(
    tx,
    t.main,
    maker,
    true,
    toNative(ctx, t, tradeSizeUsd(ctx, "wash")),
    senderFor(ctx, tx, maker),
  );
  if (buy && !buy.completes) ctx.trading.swap(tx, t.main, maker, false, buy.quote.amountToken, maker);
  ctx.trading.close(tx);
  if (buy?.completes) migrate(ctx, t, launchTrade);
}

export { dexActivity };
