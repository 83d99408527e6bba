import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { WalletPosition } from "@/lib/api";
import { isOpen, positionTotals, visiblePositions } from "./positions";

const pos = (o: Partial<WalletPosition>): WalletPosition => ({
  chain: "evm:8453",
  address: "0x01",
  symbol: "AAA",
  name: "A",
  amount: "10",
  amountUsd: 10,
  entryPriceUsd: 1,
  currentPriceUsd: 1,
  realizedPnlUsd: 0,
  unrealizedPnlUsd: 0,
  totalPnlUsd: 0,
  buys: 1,
  sells: 0,
  firstTradeAt: 1,
  lastTradeAt: 2,
  ...o,
});

const arbPosition = fc
  .record({
    address: fc.integer({ min: 0, max: 0xffff }).map((n) => `0x${n.toString(16).padStart(4, "0")}`),
    symbol: fc.string({ minLength: 1, maxLength: 5 }),
    amount: fc.constantFrom("0", "0.0", "1", "12.5"),
    amountUsd: fc.double({ min: 0, max: 1e6, noNaN: true }),
    realizedPnlUsd: fc.double({ min: -1e5, max: 1e5, noNaN: true }),
    unrealizedPnlUsd: fc.double({ min: -1e5, max: 1e5, noNaN: true }),
    buys: fc.nat(50),
    sells: fc.nat(50),
  })
  .map((o) => pos({ ...o, totalPnlUsd: o.realizedPnlUsd + o.unrealizedPnlUsd }));

describe("positions", () => {
  it('treats amount "0" as fully sold (§2.7)', () => {
    expect(isOpen(pos({ amount: "0" }))).toBe(false);
    expect(isOpen(pos({ amount: "0.000" }))).toBe(false);
    expect(isOpen(pos({ amount: "0.001" }))).toBe(true);
  });

  it("splits rows into open and sold without losing any", () => {
    fc.assert(
      fc.property(fc.array(arbPosition, { maxLength: 40 }), (rows) => {
        const open = visiblePositions(rows, "open", "value", "desc");
        const sold = visiblePositions(rows, "sold", "value", "desc");
        expect(open.length + sold.length).toBe(rows.length);
        expect(visiblePositions(rows, "all", "value", "desc")).toHaveLength(rows.length);
      }),
    );
  });

  it("sorts by the chosen column in the chosen direction", () => {
    fc.assert(
      fc.property(
        fc.array(arbPosition, { maxLength: 40 }),
        fc.constantFrom("asc", "desc") as fc.Arbitrary<"asc" | "desc">,
        (rows, dir) => {
          const out = visiblePositions(rows, "all", "pnl", dir);
          for (let i = 1; i < out.length; i++) {
            const [a, b] = [out[i - 1].totalPnlUsd, out[i].totalPnlUsd];
            expect(dir === "asc" ? a <= b : a >= b).toBe(true);
          }
        },
      ),
    );
  });

  it("totals equal the sums of the rows", () => {
    const rows = [
      pos({ amountUsd: 5, realizedPnlUsd: 2, unrealizedPnlUsd: -1, totalPnlUsd: 1, buys: 2, sells: 1 }),
      pos({ amountUsd: 7, realizedPnlUsd: -3, unrealizedPnlUsd: 4, totalPnlUsd: 1, buys: 1, sells: 3 }),
    ];
    expect(positionTotals(rows)).toEqual({
      count: 2,
      amountUsd: 12,
      realizedPnlUsd: -1,
      unrealizedPnlUsd: 3,
      totalPnlUsd: 2,
      buys: 3,
      sells: 4,
    });
  });
});
