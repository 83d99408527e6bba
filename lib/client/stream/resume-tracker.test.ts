import { describe, expect, it } from "vitest";
import type { EventFrame } from "@/lib/api";
import { createResumeTracker, liveStartOf } from "./resume-tracker";
import { candle, trade } from "./testing/fixtures";

const tradesFrame = (ats: number[]) =>
  ({
    type: "event",
    id: "s1",
    channel: "trades",
    kind: "trades",
    data: ats.map((at, i) => trade({ txHash: `0x${i}`, block: 1, logIndex: i, at })),
    meta: { asOf: 99 },
  }) as EventFrame;

describe("resume tracker", () => {
  it("takes the live start from the oldest row, the oldest bucket, or asOf", () => {
    expect(liveStartOf(tradesFrame([5_000, 3_000]))).toBe(3_000);
    expect(
      liveStartOf({
        type: "event",
        id: "s",
        channel: "ohlcv",
        kind: "candle",
        data: [candle(60), candle(120)],
        meta: { asOf: 1, interval: "1m", quote: "native" },
      } as EventFrame),
    ).toBe(60_000);
    expect(
      liveStartOf({
        type: "event",
        id: "s",
        channel: "pulse",
        kind: "snapshot",
        data: [],
        meta: { asOf: 7, view: "new" },
      } as EventFrame),
    ).toBe(7);
    expect(
      liveStartOf({
        type: "event",
        id: "s",
        channel: "trades",
        kind: "revert",
        data: [],
        meta: { asOf: 7 },
      } as EventFrame),
    ).toBeUndefined();
  });

  it("a repair waits (bounded) for the first live event; a later one raises how new the answer must be", async () => {
    const t = createResumeTracker(() => 10_000, 50);
    t.mark("k");
    const pending = t.current("k");
    t.observe("k", tradesFrame([12_000]));
    const point = await pending;
    expect(point?.liveFrom()).toBe(12_000);
    expect(point?.minAsOf()).toBe(12_000);
    t.settle("k", point);
    expect(await t.current("k")).toBeUndefined();
  });

  it("live rows replayed from before the resume say where live starts, but the answer must still reach the resume", async () => {
    const t = createResumeTracker(() => 10_000, 50);
    t.mark("k");
    t.observe("k", tradesFrame([9_000, 9_500]));
    const point = await t.current("k");
    expect(point?.liveFrom()).toBe(9_000);
    expect(point?.minAsOf()).toBe(10_000);
  });

  it("falls back to the estimate when no event comes, and a newer resume survives an older repair", async () => {
    let now = 10_000;
    const t = createResumeTracker(() => now, 5);
    t.mark("k");
    const old = await t.current("k");
    expect(old?.liveFrom()).toBe(10_000);
    expect(old?.minAsOf()).toBe(10_000);
    now = 20_000;
    t.mark("k");
    t.settle("k", old);
    expect((await t.current("k"))?.minAsOf()).toBe(20_000);
  });
});
