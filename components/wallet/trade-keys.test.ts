import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { WalletTrade } from "@/lib/api";
import { walletRowKeys } from "./trade-keys";

const evm = (txHash: string, logIndex: number, isBuy = true): WalletTrade => ({
  at: 1_000 - logIndex,
  chain: "evm:8453",
  tokenAddress: "0x00000000000000000000000000000000000000aa",
  isBuy,
  amountToken: 1,
  volumeUsd: 1,
  txHash,
  priceNative: 1,
  volumeNative: 1,
  block: 7,
  logIndex,
});
const sol = (txHash: string, isBuy = true): WalletTrade =>
  ({
    at: 1_000,
    chain: "solana",
    tokenAddress: "So11111111111111111111111111111111111111112",
    isBuy,
    amountToken: 1,
    volumeUsd: 1,
    txHash,
  }) as WalletTrade;

describe("wallet trade row keys", () => {
  it("keeps two swaps of one token in one EVM transaction (told apart by log index)", () => {
    const rows = walletRowKeys([[evm("0xt1", 3), evm("0xt1", 4), evm("0xt2", 0)]]);
    expect(rows.map((r) => r.key)).toEqual(["0xt1:3", "0xt1:4", "0xt2:0"]);
  });

  it("drops an EVM row repeated on the next page", () => {
    const rows = walletRowKeys([
      [evm("0xt1", 3), evm("0xt1", 4)],
      [evm("0xt1", 4), evm("0xt0", 1)],
    ]);
    expect(rows.map((r) => r.key)).toEqual(["0xt1:3", "0xt1:4", "0xt0:1"]);
  });

  it("keeps every Solana row, equal ones with distinct keys", () => {
    const rows = walletRowKeys([[sol("sig1"), sol("sig1"), sol("sig1", false)]]);
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.key)).size).toBe(3);
  });

  it("keys are unique and no distinct EVM swap is lost, however the pages overlap", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5 })), { maxLength: 12 }),
          {
            maxLength: 4,
          },
        ),
        (pages) => {
          const rows = walletRowKeys(pages.map((p) => p.map(([tx, li]) => evm(`0x${tx}`, li))));
          const keys = rows.map((r) => r.key);
          expect(new Set(keys).size).toBe(keys.length);
          const distinct = new Set(pages.flat().map(([tx, li]) => `0x${tx}:${li}`));
          expect(new Set(keys)).toEqual(distinct);
        },
      ),
    );
  });
});
