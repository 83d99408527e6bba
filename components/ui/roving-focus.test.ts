import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rovingIndex } from "./roving-focus";

describe("rovingIndex", () => {
  const none = [false, false, false, false];
  it("moves, wraps and jumps", () => {
    expect(rovingIndex("ArrowRight", 0, none)).toBe(1);
    expect(rovingIndex("ArrowRight", 3, none)).toBe(0);
    expect(rovingIndex("ArrowLeft", 0, none)).toBe(3);
    expect(rovingIndex("Home", 2, none)).toBe(0);
    expect(rovingIndex("End", 0, none)).toBe(3);
    expect(rovingIndex("ArrowDown", 0, none, "vertical")).toBe(1);
    expect(rovingIndex("ArrowDown", 0, none)).toBeNull();
    expect(rovingIndex("a", 0, none)).toBeNull();
  });
  it("skips disabled items", () => {
    expect(rovingIndex("ArrowRight", 0, [false, true, false])).toBe(2);
    expect(rovingIndex("Home", 2, [true, false, false])).toBe(1);
    expect(rovingIndex("End", 0, [false, false, true])).toBe(1);
    expect(rovingIndex("ArrowRight", 0, [true, true])).toBeNull();
    expect(rovingIndex("ArrowRight", 0, [])).toBeNull();
  });
  it("always lands on an enabled item in range (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: 1, maxLength: 12 }),
        fc.nat(20),
        fc.constantFrom("ArrowLeft", "ArrowRight", "Home", "End"),
        (disabled, cur, key) => {
          const r = rovingIndex(key, cur % disabled.length, disabled);
          if (disabled.every(Boolean)) expect(r).toBeNull();
          else {
            expect(r).not.toBeNull();
            expect(disabled[r as number]).toBe(false);
          }
        },
      ),
    );
  });
});
