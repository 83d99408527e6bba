import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createCoalescer } from "./coalescer";
import { createManualTimers } from "./timers";

function run(touchGaps: number[], interval = 1000) {
  const timers = createManualTimers(0);
  const emits: number[] = [];
  const log: string[] = [];
  const c = createCoalescer(timers, interval, () => {
    emits.push(timers.now());
    log.push("emit");
  });
  const touches: number[] = [];
  for (const gap of touchGaps) {
    timers.advance(gap);
    touches.push(timers.now());
    log.push("touch");
    c.touch("k");
  }
  timers.advance(interval * 3);
  return { emits, touches, log, c, timers };
}

describe("coalescer", () => {
  it("emits the first change at once and coalesces the rest to the window end", () => {
    const { emits } = run([0, 100, 200, 300]);
    expect(emits).toEqual([0, 1000]);
  });

  it("never emits twice within the interval, never loses the latest change, never emits without a change", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 2500 }), { minLength: 1, maxLength: 60 }), (gaps) => {
        const { emits, touches, log, c, timers } = run(gaps);
        for (let i = 1; i < emits.length; i++) expect(emits[i] - emits[i - 1]).toBeGreaterThanOrEqual(1000);
        // the latest state is always delivered: some emit happens at or after the last change
        expect(emits.at(-1)).toBeGreaterThanOrEqual(touches.at(-1) ?? 0);
        // each emit answers at least one change made since the previous emit
        log.forEach((e, i) => {
          if (e === "emit") expect(log[i - 1]).toBe("touch");
        });
        // bounded: windows close once quiet
        expect(c.size()).toBe(0);
        expect(timers.pending()).toBe(0);
      }),
    );
  });

  it("keeps keys independent and drops pending emits on request", () => {
    const timers = createManualTimers(0);
    const emits: string[] = [];
    const c = createCoalescer(timers, 1000, (k) => emits.push(`${k}@${timers.now()}`));
    c.touch("a");
    c.touch("b");
    timers.advance(10);
    c.touch("a");
    c.touch("b");
    c.dropPending("b");
    timers.advance(2000);
    expect(emits).toEqual(["a@0", "b@0", "a@1000"]);
    c.touch("a");
    c.dropAllPending();
    c.dispose();
    expect(timers.pending()).toBe(0);
  });
});
