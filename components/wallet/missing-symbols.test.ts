import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { missingSymbols, SYMBOL_BATCH_MAX } from "./missing-symbols";

const addr = (i: number) => `0x${i.toString(16).padStart(40, "0")}`;

describe("missingSymbols", () => {
  it("asks only for EVM tokens with no known symbol, once each, in first-seen order", () => {
    const rows = [addr(1), addr(2), addr(1), addr(3)].map((tokenAddress) => ({ tokenAddress }));
    expect(missingSymbols("evm:1", rows, new Map([[addr(2), "TWO"]]))).toEqual([addr(1), addr(3)]);
    expect(missingSymbols("solana", rows, new Map())).toEqual([]);
  });

  it("never exceeds one batch, never repeats, never asks for a known one", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(300), { maxLength: 600 }), fc.array(fc.nat(300)), (ids, knownIds) => {
        const known = new Map(knownIds.map((i) => [addr(i), "S"]));
        const out = missingSymbols(
          "evm:8453",
          ids.map((i) => ({ tokenAddress: addr(i) })),
          known,
        );
        expect(out.length).toBeLessThanOrEqual(SYMBOL_BATCH_MAX);
        expect(new Set(out).size).toBe(out.length);
        for (const a of out) expect(known.has(a)).toBe(false);
      }),
    );
  });
});
