import { describe, expect, it } from "vitest";
import { flashDirection } from "./flash-direction";

describe("flashDirection", () => {
  it("up, down, or nothing", () => {
    expect(flashDirection(1, 2)).toBe("up");
    expect(flashDirection(2, 1)).toBe("down");
    expect(flashDirection(1, 1)).toBeNull();
    expect(flashDirection(null, 1)).toBeNull();
    expect(flashDirection(1, Number.NaN)).toBeNull();
    expect(flashDirection("1", 2)).toBeNull();
  });
});
