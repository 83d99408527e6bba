import { describe, expect, it } from "vitest";
import type { TokenPool } from "@/lib/api";
import { DEFAULT_POOL_COUNT, selectPools } from "./pools";

const pool = (rank: number): TokenPool => ({
  chain: "evm:8453",
  address: `0x${rank.toString(16).padStart(40, "0")}`,
  rank,
  type: "v2",
  factory: null,
  quoteAddress: "0x4200000000000000000000000000000000000006",
  quoteSymbol: "WETH",
  liquidityUsd: 1000 / rank,
  volume24hUsd: 1,
  priceUsd: 1,
  createdAt: 0,
});

describe("pool selection", () => {
  const pools = [pool(3), pool(1), pool(2), pool(4), pool(5), pool(6), pool(7)];
  it("defaults to the top pools, rank 1 first", () => {
    const s = selectPools(pools, null);
    expect(s).toHaveLength(DEFAULT_POOL_COUNT);
    expect(s[0]).toBe(pool(1).address);
  });
  it("uses a chosen pool of the token, and ignores an unknown one", () => {
    expect(selectPools(pools, pool(6).address)).toEqual([pool(6).address]);
    expect(selectPools(pools, `0x${"9".repeat(40)}`)[0]).toBe(pool(1).address);
  });
  it("falls back to the token's pricing pool when the list is empty", () => {
    expect(selectPools([], null, "0xabc")).toEqual(["0xabc"]);
    expect(selectPools([], null)).toEqual([]);
  });
});
