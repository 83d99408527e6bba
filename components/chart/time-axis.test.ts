import fc from "fast-check";
import { type IChartApiBase, TickMarkType, type Time } from "lightweight-charts";
import { describe, expect, it } from "vitest";
import { edgeSafeTickFormatter, PositionedTickLabels, sticksOut, tickLabel } from "./time-axis";

const at = (iso: string) => Date.parse(iso) / 1000;

describe("time-axis tick labels", () => {
  it("reads as the chart's own labels, in UTC", () => {
    const t = at("2026-11-28T14:05:30Z");
    expect(tickLabel(t, TickMarkType.Time, "en-US")).toBe("14:05");
    expect(tickLabel(t, TickMarkType.TimeWithSeconds, "en-US")).toBe("14:05:30");
    expect(tickLabel(t, TickMarkType.DayOfMonth, "en-US")).toBe("28");
    expect(tickLabel(t, TickMarkType.Month, "en-US")).toBe("Nov");
    expect(tickLabel(t, TickMarkType.Year, "en-US")).toBe("2026");
    expect(tickLabel(at("2026-11-28T00:00:00Z"), TickMarkType.Time, "en-US")).toBe("00:00");
  });

  it("prints en-US labels as Intl does, for any time and tick kind", () => {
    const types = [
      TickMarkType.Year,
      TickMarkType.Month,
      TickMarkType.DayOfMonth,
      TickMarkType.Time,
      TickMarkType.TimeWithSeconds,
    ];
    const options: Intl.DateTimeFormatOptions[] = [
      { year: "numeric" },
      { month: "short" },
      { day: "numeric" },
      { hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
      { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" },
    ];
    const intl = options.map((o) => new Intl.DateTimeFormat("en-US", { ...o, timeZone: "UTC" }));
    fc.assert(
      fc.property(
        fc.integer({ min: at("1600-01-01T00:00:00Z"), max: at("9999-12-31T23:59:59Z") }),
        fc.nat(4),
        (t, i) => {
          expect(tickLabel(t, types[i], "en-US")).toBe(intl[i].format(t * 1000));
        },
      ),
      { numRuns: 3_000 },
    );
    // another locale is Intl's own
    expect(tickLabel(at("2026-11-28T14:05:30Z"), TickMarkType.Month, "ja-JP")).toBe("11月");
  });

  it("finds a label that sticks out of either edge of the pane", () => {
    expect(sticksOut(10, 30, 300)).toBe(true);
    expect(sticksOut(17, 30, 300)).toBe(false);
    expect(sticksOut(283, 30, 300)).toBe(false);
    expect(sticksOut(290, 30, 300)).toBe(true);
    // flush with an edge is too close: it reads as cut
    expect(sticksOut(15, 30, 300)).toBe(true);
    expect(sticksOut(285, 30, 300)).toBe(true);
  });

  it("leaves a label blank where it would be cut, and whole where it fits", () => {
    const xs = new Map<number, number>([
      [at("2026-11-28T18:00:00Z"), 4],
      [at("2026-11-28T21:00:00Z"), 150],
      [at("2026-11-29T03:00:00Z"), 296],
    ]);
    const chart = {
      timeScale: () => ({ timeToCoordinate: (t: Time) => xs.get(t as number) ?? null, width: () => 300 }),
    } as unknown as IChartApiBase<Time>;
    const f = edgeSafeTickFormatter(
      () => chart,
      (label) => label.length * 7,
    );
    const label = (iso: string) => f(at(iso) as Time, TickMarkType.Time, "en-US");
    expect(label("2026-11-28T18:00:00Z")).toBe("");
    expect(label("2026-11-28T21:00:00Z")).toBe("21:00");
    expect(label("2026-11-29T03:00:00Z")).toBe("");
    // before the chart exists, or off the data: the plain label
    expect(
      edgeSafeTickFormatter(
        () => null,
        () => 35,
      )(at("2026-11-28T18:00:00Z") as Time, TickMarkType.Time, "en-US"),
    ).toBe("18:00");
  });

  it("never serves a tick its label from where it was drawn before", () => {
    const b = new PositionedTickLabels();
    const keys = new Set([1, 2, 3].map(() => b.cacheKey()));
    expect(keys.size).toBe(3);
  });
});
