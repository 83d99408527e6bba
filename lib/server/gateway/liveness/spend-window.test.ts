import { describe, expect, it } from "vitest";
import { SpendWindow } from "./spend-window";

describe("SpendWindow", () => {
  it("sums what was spent over the last window only", () => {
    const w = new SpendWindow(60_000);
    w.add(0, 5);
    w.add(30_500, 3);
    expect(w.sum(59_999)).toBe(8);
    expect(w.sum(60_000)).toBe(3);
    expect(w.sum(91_000)).toBe(0);
  });
});
