import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Envelope, WalletTrade } from "@/lib/api";
import type { FeedRow } from "./feed";
import type { FollowedWallet } from "./follows";
import { createTrackerRuntime } from "./runtime";

const A: FollowedWallet = { chain: "evm:8453", address: "0x00000000000000000000000000000000000000a1", addedAt: 0 };
const B: FollowedWallet = { chain: "evm:8453", address: "0x00000000000000000000000000000000000000b2", addedAt: 0 };

const trade = (at: number, isBuy = true): WalletTrade => ({
  at,
  chain: "evm:8453",
  tokenAddress: "0x00000000000000000000000000000000000000cc",
  isBuy,
  amountToken: 1,
  volumeUsd: 10,
  txHash: `0x${at}`,
  priceNative: 1,
  volumeNative: 1,
  block: at,
  logIndex: 0,
});

function setup() {
  const pages = new Map<string, WalletTrade[]>();
  const calls: string[] = [];
  const mins: (number | undefined)[] = [];
  let visible = true;
  let onVis: (() => void) | null = null;
  const rt = createTrackerRuntime({
    fetchTrades: async (w, minAsOf) => {
      calls.push(`t:${w.address}`);
      mins.push(minAsOf);
      return { data: pages.get(w.address) ?? [], meta: { asOf: Date.now() - 2_000 } } as Envelope<"walletTrades">;
    },
    fetchPnl: async (w) => {
      calls.push(`p:${w.address}`);
      return null;
    },
    now: () => Date.now(),
    visible: () => visible,
    onVisibilityChange: (cb) => {
      onVis = cb;
      return () => {
        onVis = null;
      };
    },
  });
  return {
    rt,
    pages,
    calls,
    mins,
    hide(v: boolean) {
      visible = !v;
      onVis?.();
    },
  };
}

beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
afterEach(() => vi.useRealTimers());

describe("tracker runtime", () => {
  it("reads nothing until held, merges the wallets' trades, and measures its delay", async () => {
    const { rt, pages, calls } = setup();
    pages.set(A.address, [trade(3), trade(1)]);
    pages.set(B.address, [trade(2, false)]);
    rt.setWallets([A, B]);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(calls).toEqual([]);
    const release = rt.acquire();
    await vi.advanceTimersByTimeAsync(0);
    expect(rt.store.getState().rows.map((r) => r.at)).toEqual([3, 2, 1]);
    expect(rt.store.getState().delayMs).toBe(10_000); // 5 s cycle + a cached answer up to 5 s old
    release();
    const n = calls.length;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(calls.length).toBe(n);
  });

  it("reports only trades newer than a wallet's first read as fresh, once each", async () => {
    const { rt, pages, mins } = setup();
    pages.set(A.address, [trade(5)]);
    const fresh: FeedRow[][] = [];
    rt.onFresh((rows) => fresh.push(rows));
    rt.setWallets([A]);
    const release = rt.acquire();
    await vi.advanceTimersByTimeAsync(0);
    expect(fresh).toEqual([]);
    pages.set(A.address, [trade(9), trade(7), trade(5)]);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(fresh.map((b) => b.map((r) => r.at))).toEqual([[7, 9]]);
    await vi.advanceTimersByTimeAsync(12_000);
    expect(fresh).toHaveLength(1);
    // every read after the first asks for an answer newer than the last (no cached copy served twice)
    expect(mins[0]).toBeUndefined();
    expect(mins.slice(1).every((m, i) => m !== undefined && m > (mins[i] ?? 0))).toBe(true);
    release();
  });

  it("stops in a hidden tab and resumes when shown", async () => {
    const { rt, calls, hide } = setup();
    rt.setWallets([A]);
    const release = rt.acquire();
    await vi.advanceTimersByTimeAsync(0);
    hide(true);
    expect(rt.store.getState().polling).toBe(false);
    const n = calls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.length).toBe(n);
    hide(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.length).toBeGreaterThan(n);
    expect(rt.store.getState().polling).toBe(true);
    release();
  });

  it("drops an unfollowed wallet's rows and ignores its late answer", async () => {
    const { rt, pages } = setup();
    pages.set(A.address, [trade(1)]);
    pages.set(B.address, [trade(2)]);
    rt.setWallets([A, B]);
    const release = rt.acquire();
    await vi.advanceTimersByTimeAsync(0);
    rt.setWallets([B]);
    expect(rt.store.getState().rows.map((r) => r.wallet)).toEqual([B.address]);
    expect(Object.keys(rt.store.getState().status)).toEqual([`evm:8453|${B.address}`]);
    release();
  });
});
