import { blockAt, type SimChain } from "./chains";
import type { EngineCtx } from "./context";
import { simpleBuy, simpleSell, tradeSizeUsd } from "./flow";
import { evmAddress, solanaAddress } from "./rng";
import type { TxOptions } from "./trading";
import { type Fate, nativeUnits, type SimToken } from "./world";

// The launch behaviours holder analysis looks for, at rates seen on real launchpads: bundles (one source funds a
// handful of new wallets minutes before a launch; they buy in the creation block and often dump together), fresh
// wallets (funded minutes before their first buy) and devs selling what they bought at creation.

/** Share of launches that come with a bundle. */
export const BUNDLE_RATE = { solana: 0.16, evm: 0.06 } as const;
/** Share of a launch's buys (first half hour) made by a freshly funded wallet. */
export const FRESH_BUY_RATE = 0.1;
/** Share of launches whose dev sells some or all of the creation buy, by fate (duds dump on their own path). */
export const DEV_SELL_RATE: Record<Fate, number> = { dud: 0, modest: 0.3, graduate: 0.2, runner: 0.1, established: 0 };
/** Share of bundles that sell out together within minutes. */
export const BUNDLE_DUMP_RATE = 0.55;

export interface BundlePlan {
  funder: string;
  wallets: string[];
}

function newAddress(ctx: EngineCtx, chain: SimChain): string {
  return chain.family === "evm" ? evmAddress(ctx.rng.cohorts) : solanaAddress(ctx.rng.cohorts);
}

/** The first native transfer into `wallet` (what §4.10 reports), dated `at` (may be in the past). */
export function fundWallet(
  ctx: EngineCtx,
  chain: SimChain,
  wallet: string,
  at: number,
  from: { address: string; tag: string | null },
  usd: number,
): void {
  const rng = ctx.rng.cohorts;
  ctx.emit({
    type: "transfer",
    at,
    chain: chain.chain,
    txHash: chain.family === "solana" ? rng.base58(88) : rng.hex(64, "0x"),
    block: blockAt(chain, at),
    logIndex: rng.int(0, 300),
    from: from.address,
    to: wallet,
    amountNative: nativeUnits(usd / ctx.prices.chainUsdAt(chain, at), chain.nativeDecimals),
    fromTag: from.tag,
  });
}

/**
 * At creation (call in the same tick): `size` new wallets funded by one fresh funder buy in the creation block,
 * each in its own transaction. `onComplete` runs if a buy completes the curve.
 */
export function launchBundle(
  ctx: EngineCtx,
  t: SimToken,
  onComplete: () => void,
  size?: number,
  hold = false,
  txOptions: TxOptions = {},
): BundlePlan {
  const rng = ctx.rng.cohorts;
  const now = ctx.scheduler.now;
  const funder = newAddress(ctx, t.chain);
  const n = size ?? rng.int(3, 6);
  const wallets = Array.from({ length: n }, () => newAddress(ctx, t.chain));
  for (const w of wallets) {
    fundWallet(
      ctx,
      t.chain,
      w,
      now - Math.round(rng.range(20_000, 12 * 60_000)),
      { address: funder, tag: null },
      rng.logNormal(500, 0.4),
    );
  }
  for (const w of wallets) {
    if (t.completed) break;
    const res = simpleBuy(ctx, t, w, tradeSizeUsd(ctx, "sniper"), txOptions);
    if (res?.completes) onComplete();
  }
  if (rng.chance(BUNDLE_DUMP_RATE)) {
    const at = rng.range(60_000, 20 * 60_000);
    wallets.forEach((w, i) => {
      const after = at + i * rng.range(200, 3000);
      if (hold) return; // drawn all the same: a held launch changes nothing else about the market
      ctx.scheduler.after(after, () => {
        if (!t.retired && t.activity) simpleSell(ctx, t, w, 1);
      });
    });
  }
  return { funder, wallets };
}

/** A wallet funded minutes ago, from an exchange or a peer, about to make its first buy. */
export function freshBuyer(ctx: EngineCtx, t: SimToken): string {
  const rng = ctx.rng.cohorts;
  const w = newAddress(ctx, t.chain);
  const funders = ctx.wallets.funders[t.chain.family === "solana" ? "solana" : "evm"];
  const from = rng.chance(0.6)
    ? (funders[rng.int(0, 5)] ?? funders[0])
    : { address: newAddress(ctx, t.chain), tag: null };
  const lead = Math.round(rng.range(30_000, 45 * 60_000));
  fundWallet(
    ctx,
    t.chain,
    w,
    ctx.scheduler.now - lead,
    from ?? { address: newAddress(ctx, t.chain), tag: null },
    rng.logNormal(250, 0.8),
  );
  return w;
}

/** Some devs sell part or all of their creation buy once the launch has had its run. */
export function scheduleDevSell(ctx: EngineCtx, t: SimToken, hold = false): void {
  const rng = ctx.rng.cohorts;
  if (!rng.chance(DEV_SELL_RATE[t.fate])) return;
  const share = rng.chance(0.5) ? 1 : rng.range(0.2, 0.8);
  const after = rng.range(45_000, 25 * 60_000);
  if (hold) return;
  ctx.scheduler.after(after, () => {
    if (!t.retired && t.activity) simpleSell(ctx, t, t.creator, share);
  });
}
