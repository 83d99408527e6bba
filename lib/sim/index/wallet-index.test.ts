import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { tradeRecord } from "../testing/fixtures";
import { DEFAULT_INDEX_CAPS } from "./state";
import { type PriceReader, WalletIndex } from "./wallet-index";

// The wallet budget (walletTradesTotal) drops the market's oldest trades first, whoever made them: a busy wallet keeps
// its recent history instead of being cut to a few rows because most wallets have too few trades to give any up.

const prices: PriceReader = { priceNative: () => 1, nativeUsd: () => 2_000, nativeUsdAt: () => 2_000 };
const BUSY = `0x${"b".repeat(40)}`;
const small = (i: number) => `0x${i.toString(16).padStart(40, "0")}`;
let seq = 0;
const trade = (maker: string, at: number) => {
  seq++;
  return tradeRecord(seq - 1, {
    chain: "evm:1",
    token: `0x${"1".repeat(40)}`,
    symbol: "TOK",
    pool: `0x${"2".repeat(40)}`,
    maker,
    isBuy: seq % 2 === 0,
    at,
    amountToken: 10,
    volumeNative: 0.01,
    usd: 20,
    txHash: `0x${seq.toString(16)}`,
  });
};

function fill(ix: WalletIndex, makers: string[]): void {
  makers.forEach((m, i) => ix.apply(trade(m, 1_000 + i), "Token", "evm:1|tok"));
}

describe("wallet trade budget", () => {
  it("keeps a busy wallet's recent trades when the budget is hit (not a few rows)", () => {
    const caps = { ...DEFAULT_INDEX_CAPS, walletTradesTotal: 5_000 };
    const ix = new WalletIndex(caps, prices);
    // One busy wallet trading throughout (every 5th trade), 1,200 small wallets with 5 trades each.
    const makers = Array.from({ length: 7_500 }, (_, i) => (i % 5 === 0 ? BUSY : small(i % 1_200)));
    fill(ix, makers);
    ix.trim(caps.walletTradesTotal, caps.positionsTotal);
    expect(ix.tradeCount).toBeLessThanOrEqual(caps.walletTradesTotal);
    const busy = ix.trades("evm:1", BUSY, 1_000).rows;
    // 1,500 busy trades, 90 % of the budget kept across the market: about 60 % of them stay.
    expect(busy.length).toBeGreaterThan(800);
    expect(busy.at(-1)?.at).toBeGreaterThan(1_000 + 7_500 - 5_000);
  });

  it("keeps the newest trades and drops only older ones, within budget (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 50, maxLength: 600 }),
        fc.integer({ min: 20, max: 300 }),
        (picks, budget) => {
          const ix = new WalletIndex({ ...DEFAULT_INDEX_CAPS, walletTradesTotal: budget }, prices);
          const makers = picks.map(small);
          fill(ix, makers);
          ix.trim(budget, DEFAULT_INDEX_CAPS.positionsTotal);
          expect(ix.tradeCount).toBeLessThanOrEqual(Math.max(budget, 0));
          const kept = [...new Set(makers)].flatMap((m) => ix.trades("evm:1", m, 1_000).rows.map((r) => r.at));
          expect(kept.length).toBe(ix.tradeCount);
          // Whatever is kept is newer than whatever was dropped.
          const newest = makers.length - kept.length;
          for (const at of kept) expect(at).toBeGreaterThanOrEqual(1_000 + newest);
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe("wallet trades page", () => {
  const sameMs = (chain: string, maker: string) => {
    const ix = new WalletIndex(DEFAULT_INDEX_CAPS, prices);
    // 110 trades, seven to a millisecond (control-API trades made in one market tick share one)
    for (let i = 0; i < 110; i++)
      ix.apply(tradeRecord(i, { chain, maker, at: 1_000 + Math.floor(i / 7) }), "Token", `${chain}|tok`);
    return ix;
  };

  it("is full on Solana, which has no next page (§4.2): rows sharing a millisecond are not held back", () => {
    const maker = `Sol${"1".repeat(40)}`;
    expect(sameMs("solana", maker).trades("solana", maker, 100).rows).toHaveLength(100);
  });

  it("on EVM never splits a millisecond across pages, so beforeAt (strict) loses nothing", () => {
    const maker = small(7);
    const ix = sameMs("evm:1", maker);
    const first = ix.trades("evm:1", maker, 100);
    expect(first.rows).toHaveLength(96); // the 100th row shares its millisecond with the 101st: that millisecond waits
    const next = ix.trades("evm:1", maker, 100, first.oldestAt as number);
    expect(first.rows.length + next.rows.length).toBe(110);
  });
});
