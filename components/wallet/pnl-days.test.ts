import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_DAYS, pnlDays } from "./pnl-days";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 22, 15, 30);
const TODAY = Date.UTC(2026, 10, 22);

describe("pnlDays", () => {
  it("fills the period with zero days and keeps the running total", () => {
    const out = pnlDays(
      [
        { at: TODAY - 2 * DAY, realizedPnlUsd: 10, trades: 1 },
        { at: TODAY, realizedPnlUsd: -4, trades: 2 },
      ],
      "7d",
      NOW,
    );
    expect(out).toHaveLength(7);
    expect(out[0].at).toBe(TODAY - 6 * DAY);
    expect(out.map((d) => d.realizedPnlUsd)).toEqual([0, 0, 0, 0, 10, 0, -4]);
    expect(out.at(-1)?.cumulativeUsd).toBe(6);
  });

  it("draws a single day for 1d", () => {
    expect(pnlDays([], "1d", NOW)).toEqual([{ at: TODAY, realizedPnlUsd: 0, cumulativeUsd: 0 }]);
  });

  it("keeps every day's total, in order, and stays bounded", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ day: fc.integer({ min: 0, max: 1000 }), v: fc.integer({ min: -1000, max: 1000 }) }), {
          maxLength: 50,
        }),
        (rows) => {
          const history = rows.map((r) => ({ at: TODAY - r.day * DAY + 3600_000, realizedPnlUsd: r.v, trades: 1 }));
          const out = pnlDays(history, "all", NOW);
          expect(out.length).toBeLessThanOrEqual(MAX_DAYS);
          for (let i = 1; i < out.length; i++) expect(out[i].at - out[i - 1].at).toBe(DAY);
          const inRange = rows.filter((r) => r.day < MAX_DAYS).reduce((a, r) => a + r.v, 0);
          expect(out.at(-1)?.cumulativeUsd ?? 0).toBe(inRange);
        },
      ),
    );
  });
});
