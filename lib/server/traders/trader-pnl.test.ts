import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sortTraders, totalPnl } from "@/lib/api";
import { confirmedInOrder, type PnlTrade, topTraders, traderRows } from "./trader-pnl";

const WALLETS = ["0xa", "0xb", "0xc", "0xd"];
let n = 0;
const trade = (maker: string, isBuy: boolean, amountToken: number, volumeUsd: number, at = ++n): PnlTrade => ({
  at,
  block: at,
  logIndex: 0,
  txHash: `0x${at.toString(16)}`,
  maker,
  isBuy,
  amountToken,
  volumeUsd,
  preconfirmed: false,
});
const input = (trades: PnlTrade[], over: Partial<Parameters<typeof traderRows>[0]> = {}) => ({
  trades,
  holdings: new Map<string, number>(),
  priceUsd: 2,
  complete: false,
  tags: new Map(),
  ...over,
});

const tradeArb = fc.record({
  at: fc.integer({ min: 1, max: 1_000 }),
  block: fc.integer({ min: 1, max: 1_000 }),
  logIndex: fc.integer({ min: 0, max: 5 }),
  txHash: fc.constant(""),
  maker: fc.constantFrom(...WALLETS),
  isBuy: fc.boolean(),
  amountToken: fc.double({ min: 0.001, max: 1e6, noNaN: true }),
  volumeUsd: fc.double({ min: 0, max: 1e5, noNaN: true }),
  preconfirmed: fc.boolean(),
});
// one row per transaction: the tape never holds two different rows under one key
const tapeArb = (max: number) =>
  fc.array(tradeArb, { maxLength: max }).map((ts) => ts.map((t, i) => ({ ...t, txHash: `0x${i.toString(16)}` })));
const closeTo = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));

describe("traderRows", () => {
  it("realizes average cost: two buys at different prices, half sold", () => {
    const [row] = traderRows(
      input([trade("0xa", true, 100, 100), trade("0xa", true, 100, 300), trade("0xa", false, 100, 400)]),
    );
    // average cost 2/token: 100 sold for 400 realizes 200; 100 held at 2 is worth 200 against a cost of 200
    expect(row).toMatchObject({
      boughtUsd: 400,
      soldUsd: 400,
      boughtAmount: 200,
      soldAmount: 100,
      trades: 3,
      realizedPnlUsd: 200,
      unrealizedPnlUsd: 0,
      holdingAmount: 100,
      holdingFrom: "trades",
      coverage: "full",
    });
  });

  it("leaves preconfirmed rows out until confirmed", () => {
    const pre = { ...trade("0xa", true, 10, 10), preconfirmed: true };
    expect(traderRows(input([pre]))).toEqual([]);
    expect(traderRows(input([pre, { ...pre, preconfirmed: false }]))[0]?.trades).toBe(1);
  });

  it("says a wallet that sold more than the rows read bought needs older history, unless the tape is whole", () => {
    const trades = [trade("0xa", true, 10, 10), trade("0xa", false, 30, 60)];
    const [partial] = traderRows(input(trades));
    expect(partial?.coverage).toBe("partial");
    // only the 10 bought in the rows read have a known cost
    expect(partial?.realizedPnlUsd).toBeCloseTo(10, 9);
    expect(traderRows(input(trades, { complete: true }))[0]?.coverage).toBe("full");
  });

  it("takes the holding from the holders list where the wallet is in it", () => {
    const trades = [trade("0xa", true, 10, 10)];
    const [row] = traderRows(input(trades, { holdings: new Map([["0xa", 25]]) }));
    expect(row).toMatchObject({ holdingAmount: 25, holdingFrom: "holders", coverage: "partial" });
    // the 10 with a known cost are valued; the 15 from elsewhere are not guessed
    expect(row?.unrealizedPnlUsd).toBeCloseTo(10, 9);
    expect(traderRows(input(trades, { priceUsd: null }))[0]?.unrealizedPnlUsd).toBeNull();
  });

  it("keeps each wallet's tags", () => {
    const [row] = traderRows(input([trade("0xa", true, 1, 1)], { tags: new Map([["0xa", ["dev", "sniper"] as const]]) }));
    expect(row?.tags).toEqual(["dev", "sniper"]);
  });

  it("property: sums per maker equal the tape's confirmed volumeUsd of buys and sells, and counts add up", () => {
    fc.assert(
      fc.property(tapeArb(80), (trades) => {
        const rows = traderRows(input(trades));
        const confirmed = confirmedInOrder(trades);
        for (const w of WALLETS) {
          const mine = confirmed.filter((t) => t.maker === w);
          const row = rows.find((r) => r.wallet === w);
          if (mine.length === 0) {
            expect(row).toBeUndefined();
            continue;
          }
          const sum = (buy: boolean) => mine.filter((t) => t.isBuy === buy).reduce((s, t) => s + t.volumeUsd, 0);
          expect(closeTo(row?.boughtUsd ?? Number.NaN, sum(true))).toBe(true);
          expect(closeTo(row?.soldUsd ?? Number.NaN, sum(false))).toBe(true);
          expect(row?.trades).toBe(mine.length);
        }
        expect(rows.reduce((s, r) => s + r.trades, 0)).toBe(confirmed.length);
      }),
    );
  });

  it("property: on a closed position realized + unrealized = sold - bought", () => {
    const closed = fc
      .array(fc.tuple(fc.double({ min: 0.01, max: 1e4, noNaN: true }), fc.double({ min: 0, max: 1e4, noNaN: true })), {
        minLength: 1,
        maxLength: 12,
      })
      .chain((buys) =>
        fc
          .array(fc.double({ min: 0.05, max: 1, noNaN: true }), { minLength: 1, maxLength: 6 })
          .map((shares) => ({ buys, shares })),
      );
    fc.assert(
      fc.property(closed, fc.double({ min: 0, max: 1e4, noNaN: true }), ({ buys, shares }, price) => {
        const trades = buys.map(([amt, usd], i) => trade("0xa", true, amt, usd, i + 1));
        const total = buys.reduce((s, [a]) => s + a, 0);
        const sum = shares.reduce((s, x) => s + x, 0);
        // sells that together take the whole position, each at a made-up price
        let left = total;
        shares.forEach((s, i) => {
          const amt = i === shares.length - 1 ? left : (total * s) / sum;
          left -= amt;
          trades.push(trade("0xa", false, amt, amt * (i + 1) * 0.7, 100 + i));
        });
        const [row] = traderRows(input(trades, { priceUsd: price }));
        expect(row?.holdingAmount).toBe(0);
        expect(row?.coverage).toBe("full");
        const expected = (row?.soldUsd ?? 0) - (row?.boughtUsd ?? 0);
        expect(closeTo((row?.realizedPnlUsd ?? 0) + (row?.unrealizedPnlUsd ?? 0), expected)).toBe(true);
      }),
    );
  });

  it("property: the answer does not depend on the order rows arrive in, nor on rows repeated", () => {
    fc.assert(
      fc.property(
        tapeArb(60).chain((t) =>
          fc.tuple(
            fc.constant(t),
            fc.shuffledSubarray(t, { minLength: t.length, maxLength: t.length }),
            fc.subarray(t),
          ),
        ),
        ([trades, shuffled, repeated]) => {
          const a = sortTraders(traderRows(input(trades)), "pnl");
          const b = sortTraders(traderRows(input([...shuffled, ...repeated])), "pnl");
          expect(b).toEqual(a);
        },
      ),
    );
  });

  it("property: unrealized PnL is the held amount at the price less its average cost", () => {
    fc.assert(
      fc.property(tapeArb(40), fc.double({ min: 0, max: 100, noNaN: true }), (trades, p) => {
        const at1 = traderRows(input(trades, { priceUsd: p }));
        const at0 = traderRows(input(trades, { priceUsd: 0 }));
        for (const r of at1) {
          const zero = at0.find((x) => x.wallet === r.wallet);
          // at price 0 the held amount is worth nothing: unrealized is minus its cost
          expect(closeTo(r.unrealizedPnlUsd ?? 0, (zero?.unrealizedPnlUsd ?? 0) + r.holdingAmount * p)).toBe(true);
        }
      }),
    );
  });
});

describe("topTraders", () => {
  it("keeps the top n by each sort, ordered by total PnL", () => {
    const rows = traderRows(
      input([
        trade("0xa", true, 10, 1_000), // biggest buyer, loses at price 2
        trade("0xb", true, 10, 1),
        trade("0xb", false, 10, 500), // biggest seller and best PnL
        trade("0xc", true, 10, 10),
        trade("0xd", true, 1, 1),
      ]),
    );
    const top = topTraders(rows, 1);
    expect(top.map((r) => r.wallet)).toEqual(["0xb", "0xa"]);
    expect(totalPnl(top[0] as (typeof top)[number])).toBeCloseTo(499, 9);
  });
});
