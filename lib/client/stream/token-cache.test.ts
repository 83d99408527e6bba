import { QueryClient } from "@tanstack/react-query";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TokenPrice, TokenUpdate } from "@/lib/api/core";
import { tokenPriceOf } from "@/lib/api/token-price";
import { apiKeys } from "../query-keys";
import { tokenUpdateFrame } from "./testing/fixtures";
import { createTokenCacheWriter } from "./token-cache";

const CHAIN = "evm:8453";
const update = (address: string, priceUsd: number, at: number): TokenUpdate =>
  tokenUpdateFrame("u", address, priceUsd, at).data as TokenUpdate;

function cacheWith(addresses: readonly string[]) {
  const qc = new QueryClient();
  for (const a of addresses)
    qc.setQueryData(apiKeys.tokenPrice(CHAIN, a), { data: tokenPriceOf(update(a, 0, 0)), meta: {} });
  const price = (a: string) => qc.getQueryData<{ data: TokenPrice }>(apiKeys.tokenPrice(CHAIN, a))?.data.priceUsd;
  return { qc, price };
}

describe("createTokenCacheWriter", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("writes the first update at once, holds those within the window and writes each token's newest at its end", () => {
    const { qc, price } = cacheWith(["0xa", "0xb"]);
    const w = createTokenCacheWriter(qc, 200);
    w.write([update("0xa", 1, 1_000)]);
    expect(price("0xa")).toBe(1);
    vi.advanceTimersByTime(50);
    w.write([update("0xa", 2, 1_050)]);
    w.write([update("0xb", 7, 1_060), update("0xa", 3, 1_100)]);
    expect([price("0xa"), price("0xb")]).toEqual([1, 0]);
    vi.advanceTimersByTime(149);
    expect(price("0xa")).toBe(1);
    vi.advanceTimersByTime(1);
    expect([price("0xa"), price("0xb")]).toEqual([3, 7]);
    // A quiet spell longer than the window: the next one is written at once again.
    vi.advanceTimersByTime(500);
    w.write([update("0xb", 8, 2_000)]);
    expect(price("0xb")).toBe(8);
  });

  it("never writes an older update over a newer one, whatever their order within a window", () => {
    const { qc, price } = cacheWith(["0xa"]);
    const w = createTokenCacheWriter(qc, 200);
    w.write([update("0xa", 1, 1_000)]);
    w.write([update("0xa", 5, 1_500)]);
    w.write([update("0xa", 4, 1_400)]);
    vi.advanceTimersByTime(200);
    expect(price("0xa")).toBe(5);
  });

  it("dispose drops what waits and writes nothing later", () => {
    const { qc, price } = cacheWith(["0xa"]);
    const w = createTokenCacheWriter(qc, 200);
    w.write([update("0xa", 1, 1_000)]);
    w.write([update("0xa", 2, 1_100)]);
    w.dispose();
    vi.advanceTimersByTime(1_000);
    expect(price("0xa")).toBe(1);
  });

  it("property: once the window has passed, each token shows its newest update, written at most once per window", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            token: fc.constantFrom("0xa", "0xb", "0xc"),
            at: fc.integer({ min: 1, max: 10_000 }),
            gapMs: fc.integer({ min: 0, max: 400 }),
          }),
          { minLength: 1, maxLength: 40 },
        ),
        (ops) => {
          const { qc, price } = cacheWith(["0xa", "0xb", "0xc"]);
          const writes: number[] = [];
          qc.getQueryCache().subscribe((e) => {
            if (e.type === "updated" && e.action.type === "success") writes.push(Date.now());
          });
          const w = createTokenCacheWriter(qc, 200);
          const newest = new Map<string, { at: number; price: number }>();
          ops.forEach((op, i) => {
            vi.advanceTimersByTime(op.gapMs);
            w.write([update(op.token, i + 1, op.at)]);
            const cur = newest.get(op.token);
            if (!cur || op.at >= cur.at) newest.set(op.token, { at: op.at, price: i + 1 });
          });
          vi.advanceTimersByTime(200);
          for (const [t, n] of newest) expect(price(t)).toBe(n.price);
          // One notify batch per flush: writes of one flush share a time, flushes are ≥ 200 ms apart.
          expect(writes.length).toBeGreaterThan(0);
          const flushes = [...new Set(writes)];
          for (let i = 1; i < flushes.length; i++) expect(flushes[i] - flushes[i - 1]).toBeGreaterThanOrEqual(200);
          w.dispose();
        },
      ),
    );
  });
});
