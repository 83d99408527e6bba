import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type TokenTrade, tradeKey } from "@/lib/api";
import { compareTrades } from "@/lib/client/stream/reducers/trades";
import { pausedView } from "./paused-rows";

const t = (at: number, i: number, preconfirmed = false): TokenTrade => ({
  at,
  maker: "0x1111111111111111111111111111111111111111",
  isBuy: i % 2 === 0,
  amountToken: 1,
  amountQuote: 1,
  priceNative: 1,
  volumeNative: 1,
  volumeUsd: 1,
  isProTrader: false,
  isSniper: false,
  preconfirmed,
  txHash: `0x${i.toString(16).padStart(64, "0")}`,
  block: at,
  logIndex: 0,
});
const freeze = (rows: TokenTrade[]) => ({ head: rows[0] ?? null, keys: new Set(rows.map(tradeKey)) });

describe("paused tape", () => {
  it("holds back new rows, counts them, and shows them all once unpaused", () => {
    const before = [t(30, 3), t(20, 2), t(10, 1)];
    const f = freeze(before);
    const now = [t(50, 5), t(40, 4), ...before];
    const v = pausedView(f.head, f.keys, now);
    expect(v.rows).toEqual(before);
    expect(v.pending).toBe(2);
    expect(pausedView(null, new Set(), now).rows).toEqual(now);
  });

  it("lets reverted rows vanish and older pages append while paused", () => {
    const before = [t(30, 3, true), t(20, 2), t(10, 1)];
    const f = freeze(before);
    const now = [t(20, 2), t(10, 1), t(5, 0)];
    expect(pausedView(f.head, f.keys, now)).toEqual({ rows: now, pending: 0 });
  });

  it("never loses a row: shown + pending = current, order kept", () => {
    const rows = fc
      .uniqueArray(fc.integer({ min: 1, max: 10_000 }), { maxLength: 80 })
      .map((ats) => ats.map((at, i) => t(at, i)).sort(compareTrades));
    fc.assert(
      fc.property(rows, fc.integer({ min: 0, max: 80 }), (current, cut) => {
        const frozen = current.slice(Math.min(cut, current.length));
        const f = freeze(frozen);
        const v = pausedView(f.head, f.keys, current);
        expect(v.rows.length + v.pending).toBe(current.length);
        for (let i = 1; i < v.rows.length; i++) expect(compareTrades(v.rows[i - 1], v.rows[i])).toBeLessThan(0);
      }),
    );
  });
});
