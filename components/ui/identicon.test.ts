import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fnv1a, identicon } from "./identicon";

describe("identicon", () => {
  it("is deterministic and ignores EVM case", () => {
    const a = "0xAbCdEf0000000000000000000000000000000001";
    expect(identicon(a)).toEqual(identicon(a.toLowerCase()));
    expect(identicon("So11111111111111111111111111111111111111112")).toEqual(
      identicon("So11111111111111111111111111111111111111112"),
    );
  });
  it("is mirrored and lists exactly the filled cells (property)", () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        const p = identicon(seed);
        for (let row = 0; row < 5; row++)
          for (let col = 0; col < 5; col++) expect(p.cells[row * 5 + col]).toBe(p.cells[row * 5 + 4 - col]);
        expect(p.filled.length).toBe(p.cells.filter(Boolean).length);
        expect(p.from).toMatch(/^hsl\(\d+ 70% 55%\)$/);
      }),
    );
  });
  it("different addresses mostly look different", () => {
    const keys = new Set(
      Array.from({ length: 500 }, (_, i) => JSON.stringify(identicon(`0x${i.toString(16).padStart(40, "0")}`).cells)),
    );
    expect(keys.size).toBeGreaterThan(450);
  });
  it("fnv1a reference values", () => {
    expect(fnv1a("")).toBe(0x811c9dc5);
    expect(fnv1a("a")).toBe(0xe40c292c);
  });
});
