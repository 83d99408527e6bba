import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ServerFrame, type WalletTrade, walletTradeKey } from "@/lib/api";
import { DEFAULT_REPLAY_LIMITS } from "../replay-window";
import { SharedSub, type Subscriber } from "../shared-sub";
import { WALLET_PAGE_LIMIT, WalletTradesPoller } from "./poller";
import type { RestCaller } from "./rest-caller";

// The wallet-trades poller against a scripted §4.2 history: every row after the resource's start reaches the browser
// exactly once, oldest first, in the trades event's shape, however the history grows between polls.

const WALLET = "0x00000000000000000000000000000000000000aa";
const params = { chain: "evm:8453", wallet: WALLET };

function row(at: number, i: number, o: Partial<WalletTrade> = {}): WalletTrade {
  return {
    at, chain: "evm:8453", tokenAddress: `0x${(i % 7).toString(16).padStart(40, "0")}`, isBuy: i % 2 === 0, amountToken: 1 + i,
    volumeUsd: 10 + i, txHash: `0x${i.toString(16).padStart(64, "0")}`, priceNative: 0.1, volumeNative: 1, block: 1_000 + Math.floor(i / 3), logIndex: i % 3,
    ...o,
  } as WalletTrade;
}

function setup(startAt: number | undefined) {
  let history: WalletTrade[] = [];
  let asOf = 0;
  const calls: Record<string, unknown>[] = [];
  const rest: RestCaller = async (id, req) => {
    expect(id).toBe("walletTrades");
    const q = req.query as { chain: string; wallet: string; limit: number };
    calls.push(q);
    return { data: [...history].sort((a, b) => b.at - a.at).slice(0, q.limit), meta: { asOf } };
  };
  const shared = new SharedSub("k", "", "wallet-trades", params, [], DEFAULT_REPLAY_LIMITS);
  shared.startAt = startAt;
  shared.mode = "poll";
  const got: { channel: string; kind: string; rows: WalletTrade[] }[] = [];
  const sub: Subscriber = {
    deliver: (bytes) => {
      const f = JSON.parse(bytes.subarray(bytes.indexOf(`{"type"`)).toString()) as { channel: string; kind: string; data: WalletTrade[] };
      got.push({ channel: f.channel, kind: f.kind, rows: f.data });
    },
    sendFrame: (_f: ServerFrame) => {},
    subscriptionEnded: () => {},
  };
  shared.add(sub, "w", { acked: true, sinceAt: undefined });
  const poller = new WalletTradesPoller(shared, rest);
  return {
    set: (rows: WalletTrade[], now: number) => {
      history = rows;
      asOf = now;
    },
    poll: () => poller.poll(() => asOf, 0),
    got,
    calls,
  };
}

describe("wallet trades poller", () => {
  it("reads §4.2 with the wallet's chain and the largest page, and delivers rows after its start once", async () => {
    const t = setup(1_000);
    t.set([row(900, 1), row(1_100, 2)], 1_200);
    const first = await t.poll();
    expect(t.calls[0]).toEqual({ chain: "evm:8453", wallet: WALLET, limit: WALLET_PAGE_LIMIT });
    expect(t.got).toEqual([{ channel: "wallet-trades", kind: "trades", rows: [row(1_100, 2)] }]);
    expect(first.delays).toEqual([100]);
    t.set([row(900, 1), row(1_100, 2), row(1_300, 3), row(1_250, 4)], 1_400);
    await t.poll();
    expect(t.got[1]?.rows.map((r) => r.at)).toEqual([1_250, 1_300]);
    await t.poll();
    expect(t.got).toHaveLength(2);
  });

  it("without a known start, the first answer is the baseline (its browsers read that history by REST)", async () => {
    const t = setup(undefined);
    t.set([row(900, 1), row(1_000, 2)], 1_000);
    await t.poll();
    expect(t.got).toEqual([]);
    t.set([row(900, 1), row(1_000, 2), row(1_001, 3)], 1_100);
    await t.poll();
    expect(t.got.flatMap((g) => g.rows).map((r) => r.at)).toEqual([1_001]);
  });

  it("dedups by txHash + block + logIndex: two legs of one transaction are two rows, a repeat is none", async () => {
    const t = setup(0);
    const a = row(10, 1);
    const b = row(10, 1, { logIndex: 2 } as Partial<WalletTrade>);
    t.set([a, b, { ...a }], 20);
    await t.poll();
    expect(t.got.flatMap((g) => g.rows).map(walletTradeKey).sort()).toEqual([walletTradeKey(a), walletTradeKey(b)].sort());
  });

  it("Solana rows (no block, no log index) are one per transaction, token and side", async () => {
    const t = setup(0);
    const s = { at: 5, chain: "solana", tokenAddress: "So1", isBuy: true, amountToken: 1, volumeUsd: 1, txHash: "sig", tokenSymbol: "X", priceUsd: 1, maker: "W" } as WalletTrade;
    t.set([s, { ...s }, { ...s, isBuy: false }], 10);
    await t.poll();
    expect(t.got.flatMap((g) => g.rows)).toHaveLength(2);
  });

  it("property: however the history grows between polls, each row after the start arrives once, oldest first", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(fc.integer({ min: 0, max: 500 }), { maxLength: 12 }), { minLength: 1, maxLength: 8 }), async (batches) => {
        const t = setup(0);
        const all: WalletTrade[] = [];
        let i = 0;
        let now = 0;
        for (const batch of batches) {
          for (const dt of batch) all.push(row(now + dt, i++));
          now += 600;
          t.set([...all], now);
          await t.poll();
        }
        const got = t.got.flatMap((g) => g.rows);
        expect(new Set(got.map(walletTradeKey)).size).toBe(got.length);
        expect(got.map(walletTradeKey).sort()).toEqual(all.map(walletTradeKey).sort());
        for (const g of t.got) expect(g.rows.map((r) => r.at)).toEqual([...g.rows.map((r) => r.at)].sort((x, y) => x - y));
      }),
      { numRuns: 60 },
    );
  });
});
