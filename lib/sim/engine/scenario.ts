import { ApiError } from "@/lib/api";
import { findSimChain, type SimChain } from "./chains";
import { curveProgressPct } from "./curve";
import { holdWallets, simpleBuy, simpleSell } from "./flow";
import type { EngineCtx } from "./context";
import { bundleOf, type LaunchOptions, launchTrade } from "./launches";
import { migrate } from "./migration";
import type { HostileKind } from "./names";
import type { NativePrices } from "./native-prices";
import { preconfirms, type SwapResult } from "./trading";
import type { SimToken } from "./world";

// Actions for end-to-end tests: make something happen now, deterministically from the caller's point of view.

export interface TradeSummary {
  txHash: string;
  block: number;
  logIndex: number;
  maker: string;
  isBuy: boolean;
  amountToken: number;
  amountNative: number;
  preconfirmed: boolean;
}

function summary(r: SwapResult | null): TradeSummary | null {
  if (!r) return null;
  const l = r.log;
  return {
    txHash: l.txHash,
    block: l.block,
    logIndex: l.logIndex,
    maker: l.origin,
    isBuy: l.isBuy,
    amountToken: l.amountToken,
    amountNative: l.amountNative,
    preconfirmed: l.preconfirmed,
  };
}

/** What a scenario drives of the market: SimMarket (market.ts) provides it, and calls `scenario(this)`. */
export interface ScenarioMarket {
  readonly ctx: EngineCtx;
  readonly prices: NativePrices;
  readonly now: number;
  token(chain: string, address: string): SimToken | undefined;
  launch(chain: SimChain, opts?: LaunchOptions): SimToken;
}

export function scenario(m: ScenarioMarket) {
  const chainOrThrow = (chain: string) => {
    const c = findSimChain(chain);
    if (!c) throw new ApiError("invalid_parameter", `unknown chain ${chain}`, { param: "chain" });
    return c;
  };
  const tokenOrThrow = (chain: string, address: string): SimToken => {
    const t = m.token(chain, chain === "solana" ? address : address.toLowerCase());
    if (!t) throw new ApiError("token_not_found", `no token ${address} on ${chain}`);
    return t;
  };
  return {
    launch(
      chain: string,
      opts: { bundle?: number; hostile?: HostileKind; holdCohorts?: boolean; quiet?: boolean } = {},
    ) {
      const t = m.launch(chainOrThrow(chain), {
        fate: "modest",
        bundle: opts.bundle ?? 0,
        holdCohorts: opts.holdCohorts ?? false,
        quiet: opts.quiet ?? false,
        scripted: true,
        ...(opts.hostile ? { hostile: opts.hostile } : {}),
      });
      return {
        creator: t.creator,
        bundle: bundleOf(t),
        chain: t.chain.chain,
        address: t.address,
        pool: t.main.address,
        createdAt: t.createdAt,
        name: t.name,
        symbol: t.symbol,
      };
    },
    graduate(chain: string, address: string) {
      const t = tokenOrThrow(chain, address);
      const curve = t.main.curve;
      if (!curve || t.completed)
        throw new ApiError("invalid_parameter", "token is not on an active bonding curve", { param: "address" });
      const need = ((curve.thresholdNative - curve.realNative) / (1 - t.main.feeBps / 10_000)) * 1.02;
      const buyer = m.ctx.wallets.pick(t.chain, "ordinary").address;
      t.fate = t.fate === "runner" ? "runner" : "graduate";
      const usd = need * m.prices.chainUsdAt(t.chain, m.now);
      // Scripted, as every control-API trade: on Base an unscripted swap reverts by chance (§3), and a reverted buy
      // leaves the launch on its curve while the caller was told it graduates.
      const r = simpleBuy(m.ctx, t, buyer, usd, { scripted: true });
      if (r?.completes) migrate(m.ctx, t, launchTrade);
      return { chain: t.chain.chain, address: t.address, completed: t.completed, trade: summary(r) };
    },
    /** `reverts`: on Base, the trade is preconfirmed and then reverts (only this one: nobody else's trade is touched). */
    trade(chain: string, address: string, side: "buy" | "sell", usd: number, maker?: string, reverts = false) {
      const t = tokenOrThrow(chain, address);
      if (reverts && !preconfirms(t.chain))
        throw new ApiError("invalid_parameter", "only Base trades are preconfirmed, so only they can revert", {
          param: "revert",
        });
      const opts = { scripted: true, reverts };
      if (t.completed && !t.migrated && t.fate !== "established")
        throw new ApiError("invalid_parameter", "token is migrating; try again in a few seconds", { param: "address" });
      if (t.main.curve && t.completed)
        throw new ApiError("invalid_parameter", "token is migrating; try again in a few seconds", { param: "address" });
      let r: SwapResult | null;
      if (side === "buy") {
        const who = maker ?? m.ctx.wallets.pick(t.chain, "ordinary").address;
        r = simpleBuy(m.ctx, t, who, usd, opts);
        if (r?.completes) migrate(m.ctx, t, launchTrade);
      } else {
        const who = maker ?? t.traders[0];
        if (!who || !(t.balances.get(who) ?? 0))
          throw new ApiError("invalid_parameter", "the maker holds none of this token", { param: "maker" });
        const bal = t.balances.get(who) ?? 0;
        const price = t.main.curve
          ? t.main.curve.vNative / t.main.curve.vToken
          : (t.main.cpmm?.reserveNative ?? 0) / (t.main.cpmm?.reserveToken ?? 1);
        const tokens = usd / (price * m.prices.chainUsdAt(t.chain, m.now));
        r = simpleSell(m.ctx, t, who, Math.min(1, tokens / bal), opts);
      }
      // A wallet the caller trades for is the caller's: the simulated crowd never sells its tokens.
      if (maker) holdWallets(t, [maker]);
      if (!r) throw new ApiError("invalid_parameter", "the trade could not be executed", { param: "usd" });
      // The curve's progress after the trade (null once migrated), so tests can place a launch on the Bonding list.
      const bondingProgress = t.main.curve ? curveProgressPct(t.main.curve) : null;
      return { chain: t.chain.chain, address: t.address, pool: r.log.pool, trade: summary(r), bondingProgress };
    },
    revertNextBase() {
      m.ctx.trading.forceBaseRevert = true;
      return { armed: true };
    },
  };
}
