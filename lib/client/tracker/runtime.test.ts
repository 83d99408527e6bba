import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Envelope, WalletTrade } from "@/lib/api";
import type { FeedRow } from "./feed";
import type { FollowedWallet } from "./follows";
import { createTrackerRuntime, type WalletFeedHandlers } from "./runtime";

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
  /** Live wallet-trades subscriptions by wallet address (what the shared stream client holds for this tab). */
  const subs = new Map<string, WalletFeedHandlers>();
  let visible = true;
  let onVis: (() => void) | null = null;
  const rt = createTrackerRuntime({
    subscribe: (w, h) => {
      expect(subs.has(w.address)).toBe(false);
      subs.set(w.address, h);
      return () => subs.delete(w.address);
    },
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
    subs,
    hide(v: boolean) {
      visible = !v;
      onVis?.();
    },
  };
}

beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
afterEach(() => vi.useRealTimers());

describe("tracker runtime", () => {
  it("subscribes nothing until held; then one feed per wallet, a first REST read each, never a REST re-read", async () => {
    const { rt, pages, calls, subs } = setup();
    pages.set(A.address, [trade(3), trade(1)]);
    pages.set(B.address, [trade(2, false)]);
    rt.setWallets([A, B]);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(calls).toEqual([]);
    expect(subs.size).toBe(0);
    const release = rt.acquire();
    await vi.advanceTimersByTimeAsync(0);
    expect([...subs.keys()].sort()).toEqual([A.address, B.address].sort());
    expect(rt.store.getState().rows.map((r) => r.at)).toEqual([3, 2, 1]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.filter((c) => c.startsWith("t:")).sort()).toEqual([`t:${A.address}`, `t:${B.address}`].sort());
    release();
    expect(subs.size).toBe(0);
  });

  it("states the gateway's delay: the slowest wallet's, null until one is known, 0 when streamed", async () => {
    const { rt, subs } = setup();
    rt.setWallets([A, B]);
    const release = rt.acquire();
    await vi.advanceTimersByTimeAsync(0);
    expect(rt.store.getState().delayMs).toBeNull();
    subs.get(A.address)?.onDelay(2_400);
    expect(rt.store.getState().delayMs).toBe(2_400);
    subs.get(B.address)?.onDelay(6_000);
    expect(rt.store.getState().delayMs).toBe(6_000);
    rt.setWallets([A]);
    expect(rt.store.getState().delayMs).toBe(2_400);
    subs.get(A.address)?.onDelay(0);
    expect(rt.store.getState().delayMs).toBe(0);
    release();
  });

  it("merges the gateway's rows and reports them as fresh once each; the first page is history", async () => {
    const { rt, pages, subs } = setup();
    pages.set(A.address, [trade(5)]);
    const fresh: FeedRow[][] = [];
    rt.onFresh((rows) => fresh.push(rows));
    rt.setWallets([A]);
    const release = rt.acquire();
    await vi.advanceTimersByTimeAsync(0);
    expect(fresh).toEqual([]);
    subs.get(A.address)?.onRows([trade(9), trade(7)], 10);
    expect(fresh.map((b) => b.map((r) => r.at))).toEqual([[7, 9]]);
    subs.get(A.address)?.onRows([trade(9)], 11);
    expect(fresh).toHaveLength(1);
    expect(rt.store.getState().rows.map((r) => r.at)).toEqual([9, 7, 5]);
    release();
  });

  it("reads the first page again on a repair (reconnect, resync), asking for a newer answer", async () => {
    const { rt, pages, subs, mins } = setup();
    pages.set(A.address, [trade(5)]);
    const fresh: FeedRow[][] = [];
    rt.onFresh((rows) => fresh.push(rows));
    rt.setWallets([A]);
    const release = rt.acquire();
    await vi.advanceTimersByTimeAsync(0);
    pages.set(A.address, [trade(8), trade(5)]);
    subs.get(A.address)?.onRepair();
    await vi.advanceTimersByTimeAsync(0);
    expect(fresh.map((b) => b.map((r) => r.at))).toEqual([[8]]);
    expect(mins[0]).toBeUndefined();
    expect(mins[1]).toBeGreaterThan(0);
    release();
  });

  it("makes no REST reads in a hidden tab, and resumes when shown", async () => {
    const { rt, calls, hide } = setup();
    rt.setWallets([A]);
    hide(true);
    const release = rt.acquire();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toEqual([]);
    expect(rt.store.getState().polling).toBe(false);
    hide(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.length).toBeGreaterThan(0);
    expect(rt.store.getState().polling).toBe(true);
    release();
  });

  it("drops an unfollowed wallet's rows and subscription, and ignores its late rows", async () => {
    const { rt, pages, subs } = setup();
    pages.set(A.address, [trade(1)]);
    pages.set(B.address, [trade(2)]);
    rt.setWallets([A, B]);
    const release = rt.acquire();
    await vi.advanceTimersByTimeAsync(0);
    const late = subs.get(A.address) as WalletFeedHandlers;
    rt.setWallets([B]);
    expect([...subs.keys()]).toEqual([B.address]);
    late.onRows([trade(4)], 5);
    expect(rt.store.getState().rows.map((r) => r.wallet)).toEqual([B.address]);
    expect(Object.keys(rt.store.getState().status)).toEqual([`evm:8453|${B.address}`]);
    release();
  });
});
