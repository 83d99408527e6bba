import { describe, expect, it } from "vitest";
import { walletProfileFixture } from "@/lib/api/testing/wallet-profile";
import type { PoolCreated, SwapLog, TokenCreated } from "../engine/events";
import { createFactories } from "../engine/factories";
import { NativePrices } from "../engine/native-prices";
import { NO_META } from "../testing/fixtures";
import { MarketIndex } from "./market-index";

// The indexer on hand-made events: multihop folding, wash badges, preconfirmations, sniper and pro badges.

const T0 = Date.UTC(2026, 5, 1, 12);
const SOL_TOKEN = "So1Token1111111111111111111111111111111111p";
const SOL_POOL_A = "So1PoolA111111111111111111111111111111111p";
const SOL_POOL_B = "So1PoolB111111111111111111111111111111111p";
const EVM_TOKEN = "0x00000000000000000000000000000000000000aa";
const EVM_POOL_A = "0x00000000000000000000000000000000000000a1";
const EVM_POOL_B = "0x00000000000000000000000000000000000000a2";
const MAKER = "0x00000000000000000000000000000000000000b1";
const SOL_MAKER = "So1Maker111111111111111111111111111111111p";

function setup() {
  const ix = new MarketIndex({ prices: new NativePrices(1), factories: createFactories(1), start: T0 });
  const token = (chain: "solana" | "evm:8453" | "evm:1", token: string, at = T0): TokenCreated => ({
    type: "token",
    at,
    chain,
    txHash: `c-${token}`,
    block: 1,
    logIndex: 0,
    token,
    name: "Tok",
    symbol: "TOK",
    decimals: 6,
    totalSupply: 1e9,
    creator: "creator",
    factory: null,
    meta: NO_META,
  });
  const pool = (chain: "solana" | "evm:8453" | "evm:1", token: string, pool: string, reserve: number): PoolCreated => ({
    type: "pool",
    at: T0,
    chain,
    txHash: `p-${pool}`,
    block: 1,
    logIndex: 1,
    pool,
    token,
    poolType: "cpmm",
    factory: "f",
    dex: "d",
    quoteAddress: "q",
    quoteSymbol: "N",
    feeBps: 30,
    reserveNative: reserve,
    priceNative: 1e-6,
    curve: false,
  });
  const trades: unknown[] = [];
  const reverts: unknown[] = [];
  ix.events.on("trade", (e) => trades.push(e.row));
  ix.events.on("revert", (e) => reverts.push(e.key));
  return { ix, token, pool, trades, reverts };
}

const swap = (o: Partial<SwapLog> & Pick<SwapLog, "chain" | "token" | "pool" | "txHash">): SwapLog => ({
  type: "swap",
  at: T0 + 60_000,
  block: 10,
  logIndex: 5,
  sender: o.origin ?? MAKER,
  origin: MAKER,
  isBuy: true,
  amountToken: 1000,
  amountNative: 0.001,
  feeNative: 0.00001,
  reserveNative: 100,
  priceNative: 1e-6,
  preconfirmed: false,
  ...o,
});

describe("MarketIndex", () => {
  it("folds a multihop transaction into one row per token and side, attributed to the real trader", () => {
    const { ix, token, pool, trades } = setup();
    ix.apply(token("evm:1", EVM_TOKEN));
    ix.apply(pool("evm:1", EVM_TOKEN, EVM_POOL_A, 100));
    ix.apply(pool("evm:1", EVM_TOKEN, EVM_POOL_B, 10));
    ix.apply(
      swap({
        chain: "evm:1",
        token: EVM_TOKEN,
        pool: EVM_POOL_A,
        txHash: "0xt1",
        logIndex: 7,
        amountToken: 700,
        amountNative: 0.0007,
        sender: "0xrouter",
      }),
    );
    ix.apply(
      swap({
        chain: "evm:1",
        token: EVM_TOKEN,
        pool: EVM_POOL_B,
        txHash: "0xt1",
        logIndex: 9,
        amountToken: 300,
        amountNative: 0.0003,
        sender: "0xrouter",
      }),
    );
    ix.flush();
    expect(trades).toHaveLength(1);
    expect(trades[0]).toMatchObject({
      maker: MAKER,
      isBuy: true,
      amountToken: 1000,
      amountQuote: 0.001,
      logIndex: 7,
      txHash: "0xt1",
      preconfirmed: false,
    });
    expect(trades[0]).not.toHaveProperty("isWash");
    const t = ix.token("evm:1", EVM_TOKEN);
    expect(t?.tape.size).toBe(1);
    expect(t?.txns).toBe(1);
    // The folded row matches either pool filter.
    expect(t?.tape.page(10, { pools: new Set([EVM_POOL_B]) }).records).toHaveLength(1);
    const w = ix.wallets.trades("evm:1", MAKER, 10);
    expect(w.rows).toHaveLength(1);
    expect(w.oldestAt).toBe(T0 + 60_000);
  });

  it("marks both sides of a Solana same-transaction round trip as wash", () => {
    const { ix, token, pool, trades } = setup();
    ix.apply(token("solana", SOL_TOKEN));
    ix.apply(pool("solana", SOL_TOKEN, SOL_POOL_A, 100));
    ix.apply(
      swap({ chain: "solana", token: SOL_TOKEN, pool: SOL_POOL_A, txHash: "w1", origin: SOL_MAKER, logIndex: 1 }),
    );
    ix.apply(
      swap({
        chain: "solana",
        token: SOL_TOKEN,
        pool: SOL_POOL_A,
        txHash: "w1",
        origin: SOL_MAKER,
        logIndex: 2,
        isBuy: false,
      }),
    );
    ix.apply(
      swap({ chain: "solana", token: SOL_TOKEN, pool: SOL_POOL_A, txHash: "o1", origin: SOL_MAKER, logIndex: 3 }),
    );
    ix.flush();
    expect(trades.map((r) => (r as { isWash: boolean }).isWash)).toEqual([true, true, false]);
    const organic = ix.token("solana", SOL_TOKEN)?.tape.page(10, { washFilter: "organicOnly" }).records;
    expect(organic?.map((r) => r.txHash)).toEqual(["o1"]);
  });

  it("shows Base swaps preconfirmed, then confirms or drops them", () => {
    const { ix, token, pool, trades, reverts } = setup();
    ix.apply(token("evm:8453", EVM_TOKEN));
    ix.apply(pool("evm:8453", EVM_TOKEN, EVM_POOL_A, 100));
    ix.apply(swap({ chain: "evm:8453", token: EVM_TOKEN, pool: EVM_POOL_A, txHash: "0xok", preconfirmed: true }));
    ix.apply(
      swap({ chain: "evm:8453", token: EVM_TOKEN, pool: EVM_POOL_A, txHash: "0xbad", preconfirmed: true, logIndex: 6 }),
    );
    ix.flush();
    const t = ix.token("evm:8453", EVM_TOKEN);
    expect(t?.tape.size).toBe(2);
    expect(t?.txns).toBe(0); // not committed to stats yet
    expect(t?.pending).toHaveLength(2);
    ix.apply({ type: "confirm", at: T0 + 62_500, chain: "evm:8453", txHash: "0xok", block: 10 });
    ix.apply({ type: "revert", at: T0 + 62_500, chain: "evm:8453", txHash: "0xbad", block: 10 });
    expect(
      trades.map((r) => [(r as { txHash: string }).txHash, (r as { preconfirmed: boolean }).preconfirmed]),
    ).toEqual([
      ["0xok", true],
      ["0xbad", true],
      ["0xok", false],
    ]);
    expect(reverts).toEqual([{ txHash: "0xbad", block: 10, logIndex: 6 }]);
    expect(t?.tape.page(10, {}).records.map((r) => [r.txHash, r.preconfirmed])).toEqual([["0xok", false]]);
    expect(t?.txns).toBe(1);
    expect(t?.pending).toHaveLength(0);
  });

  it("badges snipers (first buy within 5 s of creation) and pro traders on every row", () => {
    const { ix, token, pool, trades } = setup();
    const {
      address: _,
      identityGroup: group,
      ...profile
    } = walletProfileFixture({
      displayName: "pro",
      sources: ["x"],
      isProTrader: true,
    });
    ix.apply({ type: "identity", at: T0, group, wallets: ["So1Pro11111111111111111111111111111111111p"], ...profile });
    ix.apply(token("solana", SOL_TOKEN, T0));
    ix.apply(pool("solana", SOL_TOKEN, SOL_POOL_B, 100));
    ix.apply(
      swap({ chain: "solana", token: SOL_TOKEN, pool: SOL_POOL_B, txHash: "s1", origin: SOL_MAKER, at: T0 + 2000 }),
    );
    ix.apply(
      swap({
        chain: "solana",
        token: SOL_TOKEN,
        pool: SOL_POOL_B,
        txHash: "s2",
        origin: SOL_MAKER,
        at: T0 + 90_000,
        isBuy: false,
      }),
    );
    ix.apply(
      swap({
        chain: "solana",
        token: SOL_TOKEN,
        pool: SOL_POOL_B,
        txHash: "p1",
        origin: "So1Pro11111111111111111111111111111111111p",
        at: T0 + 95_000,
      }),
    );
    ix.flush();
    expect(
      trades.map((r) => [(r as { isSniper: boolean }).isSniper, (r as { isProTrader: boolean }).isProTrader]),
    ).toEqual([
      [true, false],
      [true, false],
      [false, true],
    ]);
  });
});
