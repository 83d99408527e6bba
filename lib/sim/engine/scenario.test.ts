import { describe, expect, it, vi } from "vitest";
import { SimCore } from "../core";
import { createClock } from "./clock";
import type { Rng } from "./rng";
import { tokenKey } from "./world";

// A wallet the control API trades for belongs to the caller: the simulated crowd, which picks its sellers among a
// token's holders, never sells its tokens, so a test's buy-then-sell script always has something to sell.

const START = Date.UTC(2026, 5, 1, 12);

/** A market with no warm-up on a virtual clock the test advances. */
function market(seed: number) {
  const clock = createClock({ virtual: true, start: START });
  return { clock, core: new SimCore({ seed, clock, warmupMs: 0 }) };
}

describe("scenario trades for a named maker", () => {
  it("leave the maker's balance to the caller while the market trades the token around it", {
    timeout: 30_000,
  }, () => {
    const { clock, core } = market(3);
    const { launch, trade } = core.market.scenario;
    const t = launch("solana");
    const token = core.market.ctx.tokens.get(tokenKey("solana", t.address));
    expect(token).toBeDefined();
    const maker = `Hist${"1".repeat(40)}`;
    let held = 0;
    for (let i = 0; i < 30; i++) {
      const r = trade("solana", t.address, i % 3 === 2 ? "sell" : "buy", 5, maker);
      held = token?.balances.get(maker) ?? 0;
      expect(held).toBeGreaterThan(0);
      expect(r.trade?.maker).toBe(maker);
      // Let the launch's own crowd trade for a while: a buy rush and its sellers.
      for (let s = 0; s < 20; s++) clock.advance(1_000);
      expect(token?.balances.get(maker)).toBe(held);
    }
    // The crowd did trade meanwhile: others hold the token and sold some of it.
    expect(token?.traders.length).toBeGreaterThan(3);
  });
});

/** A market where every chance the trading engine draws comes up while `fn` runs: an unscripted Base swap reverts. */
function withEveryChance<T>(core: SimCore, fn: () => T): T {
  const rng = (core.market.ctx.trading as unknown as { rng: Rng }).rng;
  const chance = vi.spyOn(rng, "chance").mockReturnValue(true);
  try {
    return fn();
  } finally {
    chance.mockRestore();
  }
}

describe("scenario graduate", () => {
  it("completes the curve on Base even where the market's own swaps would revert", () => {
    const { core } = market(5);
    const { launch, graduate } = core.market.scenario;
    const t = launch("evm:8453");
    const r = withEveryChance(core, () => graduate("evm:8453", t.address));
    expect(r.completed).toBe(true);
    expect(r.trade).not.toBeNull();
    expect(core.market.ctx.tokens.get(tokenKey("evm:8453", t.address))?.completed).toBe(true);
  });
});

describe("scenario launch with a bundle", () => {
  it("on Base, every bundle wallet's buy lands even where the market's own swaps would revert", () => {
    const { core } = market(5);
    const t = withEveryChance(core, () => core.market.scenario.launch("evm:8453", { bundle: 4, holdCohorts: true }));
    const token = core.market.ctx.tokens.get(tokenKey("evm:8453", t.address));
    expect(t.bundle?.wallets).toHaveLength(4);
    for (const w of t.bundle?.wallets ?? []) expect(token?.balances.get(w) ?? 0).toBeGreaterThan(0);
  });
});

describe("a quiet launch", () => {
  it("stays where the caller's trades put it on its curve, and trades as any other once it graduates", {
    timeout: 30_000,
  }, () => {
    const { clock, core } = market(11);
    const { launch, trade, graduate } = core.market.scenario;
    const t = launch("solana", { quiet: true });
    const token = core.market.ctx.tokens.get(tokenKey("solana", t.address));
    let progress = 0;
    for (let i = 0; i < 40 && progress < 90; i++)
      progress = trade("solana", t.address, "buy", 1_200).bondingProgress ?? 0;
    expect(progress).toBeGreaterThanOrEqual(90);
    const traders = token?.traders.length;
    // Half an hour of the market: nobody else trades it, so it is still on its curve at the same progress.
    for (let s = 0; s < 1_800; s++) clock.advance(1_000);
    core.sync();
    expect(token?.completed).toBe(false);
    expect(token?.traders.length).toBe(traders);
    expect(trade("solana", t.address, "buy", 1).bondingProgress).toBeCloseTo(progress, 1);
    expect(graduate("solana", t.address).completed).toBe(true);
    // Its DEX pool has a crowd.
    for (let s = 0; s < 600; s++) clock.advance(1_000);
    core.sync();
    expect(token?.traders.length).toBeGreaterThan((traders ?? 0) + 1);
  });

  it("a launch that is not quiet is traded by the market meanwhile", { timeout: 30_000 }, () => {
    const { clock, core } = market(11);
    const t = core.market.scenario.launch("solana");
    const token = core.market.ctx.tokens.get(tokenKey("solana", t.address));
    const traders = token?.traders.length ?? 0;
    for (let s = 0; s < 1_800; s++) clock.advance(1_000);
    core.sync();
    expect(token?.traders.length).toBeGreaterThan(traders);
  });
});
