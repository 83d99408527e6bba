import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isEvmAddress, isSolanaAddress } from "@/lib/api";
import { evmAddress, evmTxHash, Rng, solanaAddress, solanaSignature } from "./rng";

describe("Rng", () => {
  it("is reproducible per seed and independent per fork", () => {
    const a = new Rng(42);
    const b = new Rng(42);
    expect(Array.from({ length: 5 }, () => a.u32())).toEqual(Array.from({ length: 5 }, () => b.u32()));
    const f1 = new Rng(42).fork("x");
    const parent = new Rng(42);
    parent.u32();
    expect(parent.fork("x").u32()).toBe(f1.u32()); // a fork depends on the seed, not on the parent's position
    expect(new Rng(42).fork("y").u32()).not.toBe(new Rng(42).fork("x").u32());
  });

  it("draws within bounds", () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: 0, max: 1000 }),
        (seed, lo, span) => {
          const r = new Rng(seed);
          for (let i = 0; i < 50; i++) {
            const x = r.next();
            expect(x).toBeGreaterThanOrEqual(0);
            expect(x).toBeLessThan(1);
            const n = r.int(lo, lo + span);
            expect(n).toBeGreaterThanOrEqual(lo);
            expect(n).toBeLessThanOrEqual(lo + span);
            expect(r.weighted([0, 1, 0])).toBe(1);
          }
        },
      ),
    );
  });

  it("makes valid addresses and hashes", () => {
    const r = new Rng(1);
    for (let i = 0; i < 200; i++) {
      expect(isEvmAddress(evmAddress(r))).toBe(true);
      expect(isSolanaAddress(solanaAddress(r))).toBe(true);
      expect(solanaAddress(r, "pump").endsWith("pump")).toBe(true);
      expect(isSolanaAddress(solanaAddress(r, "pump"))).toBe(true);
      expect(evmTxHash(r)).toMatch(/^0x[0-9a-f]{64}$/);
      expect(solanaSignature(r)).toMatch(/^[1-9A-HJ-NP-Za-km-z]{87,88}$/);
    }
  });
});
