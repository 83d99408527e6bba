import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evmTxHash, Rng, solanaSignature } from "./rng";
import { txId, txWords } from "./tx-id";

const word = fc.integer({ min: 0, max: 2 ** 32 - 1 });

describe("tx ids", () => {
  it("look like the chain's ids and give back the words they were made from", () => {
    fc.assert(
      fc.property(fc.boolean(), word, word, (solana, hi, lo) => {
        const id = txId(solana, hi, lo);
        expect(id).toMatch(solana ? /^[1-9A-HJ-NP-Za-km-z]{87,88}$/ : /^0x[0-9a-f]{64}$/);
        expect(txWords(solana, id)).toEqual([hi, lo]);
        expect(txId(solana, hi, lo)).toBe(id); // the same id every time
      }),
    );
  });

  it("differ when their words differ", () => {
    fc.assert(
      fc.property(fc.boolean(), word, word, word, word, (solana, a, b, c, d) => {
        fc.pre(a !== c || b !== d);
        expect(txId(solana, a, b)).not.toBe(txId(solana, c, d));
      }),
    );
  });

  it("refuse ids they did not make, and ids of the other family", () => {
    const r = new Rng(7);
    for (let i = 0; i < 200; i++) {
      expect(txWords(false, evmTxHash(r))).toBeNull();
      expect(txWords(true, solanaSignature(r))).toBeNull();
    }
    const evm = txId(false, 1, 2);
    const sol = txId(true, 1, 2);
    expect(txWords(true, evm)).toBeNull();
    expect(txWords(false, sol)).toBeNull();
    // one character changed past the words: no longer the id of those words
    expect(txWords(false, `${evm.slice(0, -1)}${evm.endsWith("0") ? "1" : "0"}`)).toBeNull();
    expect(txWords(true, `${sol.slice(0, -1)}${sol.endsWith("z") ? "y" : "z"}`)).toBeNull();
    expect(txWords(true, "")).toBeNull();
    expect(txWords(false, "0x")).toBeNull();
  });

  it("start with a character as random as the rest (Solana)", () => {
    const firsts = new Set<string>();
    const r = new Rng(1);
    for (let i = 0; i < 2000; i++) firsts.add(txId(true, r.u32(), r.u32())[0] as string);
    expect(firsts.size).toBe(58);
  });
});
