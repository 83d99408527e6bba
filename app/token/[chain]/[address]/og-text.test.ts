import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ogText } from "./og-text";

describe("share image text", () => {
  it("keeps Latin text and drops what the bundled font cannot draw", () => {
    expect(ogText("Pepe Coin", 20, "TOKEN")).toBe("Pepe Coin");
    expect(ogText("Café 🚀 猫", 20, "TOKEN")).toBe("Café");
    expect(ogText("🚀🚀", 20, "TOKEN")).toBe("TOKEN");
    expect(ogText("a\u202Eevil", 20, "TOKEN")).toBe("aevil");
    expect(ogText(null, 20, "TOKEN")).toBe("TOKEN");
  });

  it("never returns characters outside the drawable set, and stays short", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 80 }), (s) => {
        const out = ogText(s, 24, "X");
        expect(out).toMatch(/^[\x20-\x7E\u00A0-\u024F\u2013\u2014\u2026\u2212\u2080-\u2089]+$/u);
        expect([...out].length).toBeLessThanOrEqual(25);
      }),
    );
  });
});
