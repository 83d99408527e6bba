import { describe, expect, it } from "vitest";
import { createClock } from "./clock";

describe("createClock", () => {
  it("scales wall time by speed", () => {
    let wall = 1000;
    const c = createClock({ start: 5000, speed: 10, wall: () => wall });
    wall += 250;
    expect(c.now()).toBe(7500);
    expect(() => c.advance(1)).toThrow(/virtual/);
  });

  it("moves a virtual clock only on advance and notifies listeners", () => {
    const c = createClock({ virtual: true, start: 100 });
    const seen: number[] = [];
    const off = c.onAdvance((t) => seen.push(t));
    c.advance(50);
    off();
    c.advance(50);
    expect(c.now()).toBe(200);
    expect(seen).toEqual([150]);
    expect(() => c.advance(-1)).toThrow(RangeError);
  });

  it("rejects a bad speed", () => {
    expect(() => createClock({ speed: 0 })).toThrow(RangeError);
    expect(() => createClock({ speed: Number.NaN })).toThrow(RangeError);
  });
});
