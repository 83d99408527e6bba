import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fnv1a, IDENTICON_CACHE_MAX, identicon, identiconPath } from "./identicon";

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
  it("draws exactly the filled cells as one path of whole-number rectangles (property)", () => {
    // Back from the path to cells: each `M x y h w v 6 h -w z` covers w/6 cells of one row.
    const covered = (d: string): boolean[] => {
      const out: boolean[] = new Array(25).fill(false);
      for (const m of d.matchAll(/M(\d+) (\d+)h(\d+)v6h-(\d+)z/g)) {
        const [x, y, w, back] = m.slice(1).map(Number) as [number, number, number, number];
        expect(back).toBe(w);
        for (let c = (x - 10) / 6; c < (x - 10 + w) / 6; c++) {
          const i = ((y - 10) / 6) * 5 + c;
          expect(out[i]).toBe(false); // no cell drawn twice (overlaps would show darker at 0.8 opacity)
          out[i] = true;
        }
      }
      expect(d.replace(/M\d+ \d+h\d+v6h-\d+z/g, "")).toBe("");
      return out;
    };
    fc.assert(
      fc.property(fc.string(), (seed) => {
        const p = identicon(seed);
        expect(covered(p.path)).toEqual(p.cells);
      }),
    );
    expect(identiconPath(new Array(25).fill(false))).toBe("");
    expect(identiconPath(new Array(25).fill(true))).toBe(
      "M10 10h30v6h-30zM10 16h30v6h-30zM10 22h30v6h-30zM10 28h30v6h-30zM10 34h30v6h-30z",
    );
  });
});

describe("identicon cache", () => {
  it("draws a seed once while it is among the last IDENTICON_CACHE_MAX used, and stays bounded", () => {
    const first = identicon("CacheSeed1111111111111111111111111111111111");
    expect(identicon("CacheSeed1111111111111111111111111111111111")).toBe(first);
    expect(identicon("0xABCDEF0000000000000000000000000000000001")).toBe(
      identicon("0xabcdef0000000000000000000000000000000001"),
    );
    for (let i = 0; i < IDENTICON_CACHE_MAX + 10; i++) identicon(`evict-${i}`);
    const again = identicon("CacheSeed1111111111111111111111111111111111");
    expect(again).not.toBe(first); // dropped as the oldest, drawn anew
    expect(again).toEqual(first); // and drawn the same
  });
});
