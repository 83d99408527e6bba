import { describe, expect, it } from "vitest";
import { SimCore } from "../core";
import { createClock } from "../engine/clock";
import { ready } from "./state";

// An established token's archived day loads in full even when it is first read after the tapes already fill the
// global budget: the other tapes give way (idle ones, rows older than a day, the least busy), not its history.

const START = Date.UTC(2026, 5, 1, 12);
const DAY = 86_400_000;

describe("archive room", () => {
  it("a token read last, with every other tape loaded and the budget full, still pages back its day", {
    timeout: 120_000,
  }, () => {
    const clock = createClock({ virtual: true, start: START });
    const core = new SimCore({ seed: 5, clock, warmupMs: 10 * 60_000, indexCaps: { tapeTotal: 40_000 } });
    const ix = core.index;
    const established = [...ix.tokens.values()].filter((t) => !t.factory);
    expect(established.length).toBeGreaterThan(20);
    // Pace since the market went live, per day: the busiest whose day fits its tape is read last.
    const liveMs = core.now() - core.market.warmStart;
    const perDay = (n: number) => (n * DAY) / liveMs;
    const last = established.filter((t) => perDay(t.txns) <= 0.75 * t.tape.cap).sort((a, b) => b.txns - a.txns)[0];
    expect(last).toBeDefined();
    if (!last) return;
    for (const t of established) if (t !== last) for (const p of t.pools) ready(p);
    // the budget is spent before it is read, by tapes last read longer ago than a page stays open
    for (let i = 0; i < 22; i++) clock.advance(30_000);
    expect(ix.tapeRecords()).toBeGreaterThan(0.85 * 40_000);

    for (const p of last.pools) ready(p);
    const oldest = () => last.tape.records[0]?.at ?? Number.POSITIVE_INFINITY;
    expect(core.now() - oldest()).toBeGreaterThanOrEqual(DAY);
    expect(ix.tapeRecords()).toBeLessThanOrEqual(40_000);

    // Read while live trading pushes the tapes over the budget again and the 30 s trims cut them: the tape being
    // read keeps a full day, the others give way.
    for (let i = 0; i < 16; i++) clock.advance(30_000);
    expect(core.now() - oldest()).toBeGreaterThanOrEqual(DAY);
    expect(ix.tapeRecords()).toBeLessThanOrEqual(40_000 * 1.05);
  });
});
