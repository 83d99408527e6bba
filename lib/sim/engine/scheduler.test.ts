import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Scheduler } from "./scheduler";

describe("Scheduler", () => {
  it("runs jobs in (time, insertion) order whatever the chunking of runUntil", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000 }), { maxLength: 200 }),
        fc.array(fc.integer({ min: 1, max: 3000 }), { minLength: 1, maxLength: 20 }),
        (times, chunks) => {
          const run = (steps: number[]) => {
            const s = new Scheduler(0);
            const order: number[] = [];
            times.forEach((t, i) =>
              s.at(t, () => {
                order.push(i);
                // Jobs that schedule more jobs, including at the current time.
                if (i % 7 === 0) s.after(i % 3, () => order.push(-i - 1));
              }),
            );
            let t = 0;
            for (const step of steps) s.runUntil((t += step));
            s.runUntil(1e9);
            return order;
          };
          expect(run(chunks)).toEqual(run([1e9]));
        },
      ),
    );
  });

  it("honours maxJobs and resumes", () => {
    const s = new Scheduler(0);
    const seen: number[] = [];
    for (let i = 0; i < 10; i++) s.at(i, () => seen.push(i));
    expect(s.runUntil(100, 4)).toBe(4);
    expect(s.now).toBe(3);
    s.runUntil(100);
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(s.now).toBe(100);
  });

  it("uses whole milliseconds and never schedules in the past", () => {
    const s = new Scheduler(10);
    let at = 0;
    s.at(3.2, () => (at = s.now));
    s.runUntil(20);
    expect(at).toBe(10);
    s.at(25.1, () => (at = s.now));
    s.runUntil(30);
    expect(at).toBe(26);
  });
});
