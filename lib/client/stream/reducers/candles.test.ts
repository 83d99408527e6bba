import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Candle } from "@/lib/api";
import { candle, candleArb } from "../testing/fixtures";
import { type BarOp, emptySeries, MAX_BARS, type SeriesState, upsertBars } from "./candles";

const times = (s: SeriesState) => s.bars.map((b) => b.time);

/** Replays ops the way lightweight-charts would and checks `update` never goes back in time. */
function chart() {
  let bars: Candle[] = [];
  return {
    apply(ops: BarOp[]) {
      for (const op of ops) {
        if (op.type === "reset") bars = [];
        else if (op.type === "setData") bars = [...op.bars];
        else {
          const last = bars[bars.length - 1];
          if (last && op.bar.time < last.time) throw new Error(`older bar ${op.bar.time} after ${last.time}`);
          if (last && op.bar.time === last.time) bars[bars.length - 1] = op.bar;
          else bars.push(op.bar);
        }
      }
    },
    get bars() {
      return bars;
    },
  };
}

describe("candles reducer", () => {
  it("first data is a setData, then live bars are updates", () => {
    let r = upsertBars(emptySeries(), [candle(120), candle(60)]);
    expect(r.ops).toEqual([{ type: "setData", bars: [candle(60), candle(120)] }]);
    r = upsertBars(r.state, [candle(120, 2), candle(180, 3)]);
    expect(r.ops).toEqual([
      { type: "update", bar: candle(120, 2) },
      { type: "update", bar: candle(180, 3) },
    ]);
  });

  it("upserts by time: a re-pushed forming candle replaces it, an unchanged one emits nothing", () => {
    const a = upsertBars(emptySeries(), [candle(60)]).state;
    expect(upsertBars(a, [candle(60)]).ops).toEqual([]);
    expect(times(upsertBars(a, [candle(60, 5)]).state)).toEqual([60]);
  });

  it("an older page or late correction re-sends the series instead of an out-of-order update", () => {
    const live = upsertBars(emptySeries(), [candle(600), candle(660)]).state;
    const r = upsertBars(live, [candle(300), candle(360)]);
    expect(r.ops).toHaveLength(1);
    expect(r.ops[0].type).toBe("setData");
    expect(times(r.state)).toEqual([300, 360, 600, 660]);
  });

  it("drops malformed bars and keeps at most `cap` bars (oldest go first)", () => {
    let s = emptySeries(5);
    for (let t = 0; t < 12; t++) s = upsertBars(s, [candle(t * 60)]).state;
    expect(times(s)).toEqual([420, 480, 540, 600, 660]);
    expect(upsertBars(s, [{ ...candle(720), close: Number.NaN }]).ops).toEqual([]);
  });
});

describe("candles: REST pages against live data", () => {
  const live = (s: ReturnType<typeof emptySeries>, bars: ReturnType<typeof candle>[], asOf: number) =>
    upsertBars(s, bars, { from: "live", asOf }).state;
  const rest = (s: ReturnType<typeof emptySeries>, bars: ReturnType<typeof candle>[], asOf: number) =>
    upsertBars(s, bars, { from: "rest", asOf });

  it("a cached page older than the live frame never regresses a bucket that was still forming", () => {
    const s = live(emptySeries(MAX_BARS, 60), [candle(120, 5, 9)], 170_000);
    expect(rest(s, [candle(120, 4, 3)], 150_000).ops).toEqual([]);
    expect(rest(s, [candle(60, 4, 3)], 150_000).state.bars.map((b) => b.time)).toEqual([60, 120]); // closed at 150 s: final
  });

  it("a page answered after a bucket closed is final for it, even over live data", () => {
    const s = live(emptySeries(MAX_BARS, 60), [candle(120, 5, 9), candle(180, 6, 1)], 185_000);
    const r = rest(s, [candle(120, 5, 12)], 190_000);
    expect(r.state.bars.find((b) => b.time === 120)?.volume).toBe(12);
    expect(r.ops[0].type).toBe("setData");
  });

  it("a page newer than the live frame of the same forming bucket wins, and newer buckets are added", () => {
    const s = live(emptySeries(MAX_BARS, 60), [candle(120, 5, 9)], 150_000);
    expect(rest(s, [candle(120, 5, 10)], 160_000).state.bars[0].volume).toBe(10);
    expect(rest(s, [candle(180, 5, 1)], 140_000).state.bars.map((b) => b.time)).toEqual([120, 180]);
  });
});

describe("candles reducer properties", () => {
  it("never feeds the chart an older bar after a newer one, and the chart ends equal to the state", () => {
    fc.assert(
      fc.property(fc.array(fc.array(candleArb, { maxLength: 6 }), { maxLength: 20 }), (batches) => {
        let s = emptySeries();
        const c = chart();
        for (const b of batches) {
          const r = upsertBars(s, b);
          c.apply(r.ops);
          s = r.state;
          for (let i = 1; i < s.bars.length; i++) expect(s.bars[i].time).toBeGreaterThan(s.bars[i - 1].time);
        }
        expect(c.bars).toEqual(s.bars);
      }),
    );
  });

  it("pages merged in any order give the same series (no gaps, no duplicates)", () => {
    const scenario = fc
      .array(fc.integer({ min: 0, max: 200 }), { maxLength: 60 })
      .map((slots) => [...new Set(slots)].map((t) => candle(t * 60, t % 7, 1)))
      .chain((bars) =>
        fc.tuple(
          fc.constant(bars),
          fc.shuffledSubarray(bars, { minLength: bars.length }),
          fc.integer({ min: 1, max: 9 }),
        ),
      );
    fc.assert(
      fc.property(scenario, ([bars, shuffled, page]) => {
        let s = emptySeries();
        for (let i = 0; i < shuffled.length; i += page) s = upsertBars(s, shuffled.slice(i, i + page)).state;
        expect(s.bars).toEqual([...bars].sort((a, b) => a.time - b.time));
      }),
    );
  });

  it("a batch in any order (ascending, descending, shuffled, repeated times) equals a model: last write per time wins, ascending, capped", () => {
    const order = fc.constantFrom("as-is", "ascending", "descending");
    fc.assert(
      fc.property(
        fc.array(candleArb, { maxLength: 40 }),
        order,
        fc.integer({ min: 1, max: 50 }),
        fc.array(candleArb, { maxLength: 6 }),
        (batch, how, cap, before) => {
          const input =
            how === "as-is"
              ? batch
              : [...batch].sort((a, b) => (how === "ascending" ? a.time - b.time : b.time - a.time));
          const byTime = new Map<number, Candle>();
          for (const c of input) byTime.set(c.time, c);
          const model = [...byTime.values()].sort((a, b) => a.time - b.time).slice(-cap);
          const given = input.map((c) => c.time);
          // into an empty series: the batch is the series
          const r = upsertBars(emptySeries(cap), input);
          expect(r.state.bars).toEqual(model);
          if (model.length) expect(r.ops).toEqual([{ type: "setData", bars: model }]);
          expect(input.map((c) => c.time)).toEqual(given); // the caller's array is never reordered
          // into a series holding other bars: the same as merging the model batch
          const seeded = upsertBars(emptySeries(cap), before).state;
          expect(upsertBars(seeded, input).state.bars).toEqual(upsertBars(seeded, model).state.bars);
        },
      ),
    );
  });

  it("holds the bound", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(candleArb, { maxLength: 8 }), { maxLength: 20 }),
        fc.integer({ min: 1, max: 10 }),
        (batches, cap) => {
          let s = emptySeries(cap);
          for (const b of batches) s = upsertBars(s, b).state;
          expect(s.bars.length).toBeLessThanOrEqual(cap);
        },
      ),
    );
  });
});
