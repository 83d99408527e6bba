import { describe, expect, it } from "vitest";
import { tokenTitle } from "./token-title";

const t = (symbol: string, name = "Plain Token") => ({ symbol, name, priceUsd: 1.5, priceChange24hPct: 2 });

describe("tokenTitle", () => {
  it("is the symbol, price and 24 h change for a plain name", () => {
    expect(tokenTitle(t("PEPE"))).toBe("PEPE $1.50 (+2.0% 24h)");
  });

  it("flags a symbol of look-alike characters, saying what it reads as", () => {
    const title = tokenTitle(t("\u0420\u0415\u0420\u0415")); // Cyrillic Р Е Р Е
    expect(title.startsWith("⚠ Lookalike reads as PEPE · ")).toBe(true);
  });

  it("flags a name that mixes scripts in one word", () => {
    expect(tokenTitle(t("DOGE", "D\u043Ege Coin")).startsWith("⚠ Lookalike")).toBe(true);
  });

  it("marks other hidden tricks (direction marks) without calling them look-alikes", () => {
    const title = tokenTitle(t("\u202EAI"));
    expect(title.startsWith("⚠ AI")).toBe(true);
  });
});
