import { describe, expect, it } from "vitest";
import { simChain } from "./chains";
import { NativePrices, STALE_AFTER_MS } from "./native-prices";

describe("NativePrices", () => {
  it("is a pure function of time: any past bucket's rate is known", () => {
    const a = new NativePrices(42);
    const b = new NativePrices(42);
    const sol = simChain("solana");
    const t = Date.UTC(2026, 1, 3, 4, 5, 6);
    expect(a.chainUsdAt(sol, t)).toBe(b.chainUsdAt(sol, t));
    expect(a.chainUsdAt(sol, t)).toBeGreaterThan(50);
    expect(a.chainUsdAt(sol, t)).toBeLessThan(600);
    // ETH chains share one ETH price.
    expect(a.chainUsdAt(simChain("evm:1"), t)).toBe(a.chainUsdAt(simChain("evm:8453"), t));
  });

  it("moves over time and marks a stalled feed stale after a minute", () => {
    const p = new NativePrices(42);
    const chain = simChain("evm:645749");
    const t0 = Date.UTC(2026, 5, 1);
    const seen = new Set<boolean>();
    const prices = new Set<number>();
    for (let t = t0; t < t0 + 40 * 60_000; t += 10_000) {
      const q = p.quote(chain, t);
      seen.add(q.stale);
      prices.add(q.priceUsd);
      expect(q.stale).toBe(t - q.updatedAt > STALE_AFTER_MS);
      expect(q.source).toBe("live");
    }
    expect(seen).toEqual(new Set([true, false]));
    expect(prices.size).toBeGreaterThan(10);
    expect(Object.values(p.all(t0)).every((q) => !q.stale || q.symbol === chain.nativeSymbol)).toBe(true);
  });
});
