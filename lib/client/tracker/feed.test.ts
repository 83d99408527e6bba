import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { WalletTrade } from "@/lib/api";
import { FEED_MAX, type FeedRow, feedKey, filterFeed, keepWallets, mergeFeed, NO_FILTERS, toFeedRows } from "./feed";

const W1 = "0x00000000000000000000000000000000000000a1";
const W2 = "0x00000000000000000000000000000000000000a2";
const SOLW = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";
const TOKEN = "0x00000000000000000000000000000000000000cc";

const evm = (p: Partial<WalletTrade> & { at: number; logIndex?: number }): WalletTrade => ({
  chain: "evm:8453",
  tokenAddress: TOKEN,
  isBuy: true,
  amountToken: 1,
  volumeUsd: 100,
  txHash: `0xtx${p.at}`,
  priceNative: 1,
  volumeNative: 1,
  block: 10,
  logIndex: 0,
  ...p,
});
const sol = (p: Partial<WalletTrade> & { at: number }): WalletTrade => ({
  chain: "solana",
  tokenAddress: "So11111111111111111111111111111111111111112",
  isBuy: false,
  amountToken: 1,
  volumeUsd: 5,
  txHash: `sig${p.at}`,
  tokenSymbol: "WIF",
  priceUsd: 1,
  maker: SOLW,
  ...p,
});

const rowArb = fc
  .record({
    tx: fc.integer({ min: 0, max: 40 }),
    logIndex: fc.integer({ min: 0, max: 2 }),
    isBuy: fc.boolean(),
    wallet: fc.constantFrom(W1, W2),
  })
  // A trade's time is part of it: the same transaction always comes with the same time (several share a time).
  .map(
    (r) =>
      toFeedRows(r.wallet, [
        evm({ at: 1 + Math.floor(r.tx / 3), txHash: `0x${r.tx}`, logIndex: r.logIndex, isBuy: r.isBuy }),
      ])[0] as FeedRow,
  );

describe("tracker feed", () => {
  it("keys EVM rows by txHash + block + logIndex and Solana rows by tx, token and side", () => {
    expect(feedKey("evm:8453", evm({ at: 1, logIndex: 3 }))).toBe("evm:8453|0xtx1|10|3");
    expect(feedKey("solana", sol({ at: 1 }))).toBe("solana|sig1|So11111111111111111111111111111111111111112|s");
  });

  it("merges newest first, each trade once, bounded, whatever the batches (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(rowArb, { maxLength: 30 }), { maxLength: 12 }),
        fc.integer({ min: 1, max: 40 }),
        (batches, max) => {
          let feed: FeedRow[] = [];
          for (const b of batches) feed = mergeFeed(feed, b, max);
          expect(feed.length).toBeLessThanOrEqual(max);
          expect(new Set(feed.map((r) => r.key)).size).toBe(feed.length);
          for (let i = 1; i < feed.length; i++)
            expect((feed[i - 1] as FeedRow).at).toBeGreaterThanOrEqual((feed[i] as FeedRow).at);
          // every distinct key ever seen is either kept or older than (or as old as) the oldest kept row
          const all = new Map(batches.flat().map((r) => [r.key, r]));
          const kept = new Set(feed.map((r) => r.key));
          const oldest = feed.at(-1)?.at ?? Number.POSITIVE_INFINITY;
          for (const [k, r] of all) if (!kept.has(k)) expect(r.at).toBeLessThanOrEqual(oldest);
          expect(feed.length).toBe(Math.min(max, all.size));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("gives the same feed in any arrival order (property)", () => {
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 40 }), (rows) => {
        const unique = [...new Map(rows.map((r) => [r.key, r])).values()];
        const a = mergeFeed([], unique);
        const b = unique.reduce<FeedRow[]>((f, r) => mergeFeed(f, [r]), []);
        expect(b.map((r) => r.key)).toEqual(a.map((r) => r.key));
      }),
    );
  });

  it("holds the default bound and leaves an unchanged feed as it is", () => {
    const many = toFeedRows(
      W1,
      Array.from({ length: FEED_MAX + 50 }, (_, i) => evm({ at: i + 1, txHash: `0x${i}` })),
    );
    const feed = mergeFeed([], many);
    expect(feed).toHaveLength(FEED_MAX);
    expect(feed[0]?.at).toBe(FEED_MAX + 50);
    expect(mergeFeed(feed, feed.slice(0, 10))).toBe(feed);
  });

  it("filters by side, USD floor, chain and token (address or symbol)", () => {
    const feed = mergeFeed(
      [],
      [
        ...toFeedRows(W1, [evm({ at: 3, volumeUsd: 50 }), evm({ at: 2, isBuy: false, txHash: "0xs", volumeUsd: 900 })]),
        ...toFeedRows(SOLW, [sol({ at: 1, volumeUsd: 2000 })]),
      ],
    );
    const ats = (f: Partial<typeof NO_FILTERS>, sym?: (c: string, t: string) => string | undefined) =>
      filterFeed(feed, { ...NO_FILTERS, ...f }, sym).map((r) => r.at);
    expect(ats({})).toEqual([3, 2, 1]);
    expect(ats({ buysOnly: true })).toEqual([3]);
    expect(ats({ minUsd: 100 })).toEqual([2, 1]);
    expect(ats({ chain: "solana" })).toEqual([1]);
    expect(ats({ token: TOKEN.toUpperCase().replace("0X", "0x") })).toEqual([3, 2]);
    expect(ats({ token: "$wif" })).toEqual([1]);
    expect(ats({ token: "DEGEN" })).toEqual([]);
    expect(ats({ token: "degen" }, (c, t) => (c === "evm:8453" && t === TOKEN ? "DEGEN" : undefined))).toEqual([3, 2]);
  });

  it("drops rows of wallets no longer followed", () => {
    const feed = mergeFeed(
      [],
      [...toFeedRows(W1, [evm({ at: 1 })]), ...toFeedRows(W2, [evm({ at: 2, txHash: "0x2" })])],
    );
    expect(keepWallets(feed, new Set([`evm:8453|${W2}`])).map((r) => r.wallet)).toEqual([W2]);
    expect(keepWallets(feed, new Set([`evm:8453|${W1}`, `evm:8453|${W2}`]))).toBe(feed);
  });
});
