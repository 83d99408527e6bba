import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hash32 } from "../engine/rng";
import { hllAdd, hllCount, MakerSketch, newRegisters, SKETCH_BUCKET_MS, SKETCH_SPAN_MS } from "./maker-sketch";

// Distinct makers per window from 10-minute HyperLogLog sketches: close to the exact count, never answering a
// window that starts before what it saw, and bounded to a day and an hour of sketches.

const T0 = Date.UTC(2026, 5, 1);
const wallet = (i: number) => `0x${i.toString(16).padStart(40, "0")}`;

describe("HyperLogLog registers", () => {
  it("count small sets exactly enough and large ones within 8 %", () => {
    for (const n of [1, 10, 100, 1_000, 10_000, 100_000]) {
      const reg = newRegisters();
      for (let i = 0; i < n; i++) hllAdd(reg, hash32(wallet(i)));
      const est = hllCount(reg);
      if (n <= 100) expect(Math.abs(est - n)).toBeLessThanOrEqual(Math.max(1, n * 0.03));
      else expect(Math.abs(est - n) / n).toBeLessThan(0.08);
    }
  });

  it("ignore repeats: adding the same makers again changes nothing", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5_000 }), { maxLength: 400 }), (ids) => {
        const once = newRegisters();
        const twice = newRegisters();
        for (const i of new Set(ids)) hllAdd(once, hash32(wallet(i)));
        for (const i of [...ids, ...ids]) hllAdd(twice, hash32(wallet(i)));
        expect(hllCount(twice)).toBe(hllCount(once));
      }),
    );
  });
});

describe("MakerSketch", () => {
  it("estimates each window's distinct makers within 8 % of the exact count", () => {
    const s = new MakerSketch(T0);
    const lastAt = new Map<string, number>();
    // A day of trades: 60,000 trades by 15,000 wallets, the first regulars far busier than the rest.
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let k = 0; k < 60_000; k++) {
      const at = T0 + Math.floor((k * 86_400_000) / 60_000);
      const w = wallet(Math.floor(15_000 * next() ** 2));
      s.add(w, at);
      lastAt.set(w, at);
    }
    const now = T0 + 86_400_000;
    for (const hours of [1, 6, 24]) {
      const from = now - hours * 3_600_000;
      const exact = [...lastAt.values()].filter((at) => at >= from).length;
      const est = s.countSince(from) as number;
      expect(Math.abs(est - exact) / exact, `${hours}h: ${est} vs ${exact}`).toBeLessThan(0.08);
    }
  });

  it("answers no window starting before its first trade, and forgets sketches past a day and an hour", () => {
    const s = new MakerSketch(T0);
    expect(s.countSince(T0 - 1)).toBeNull();
    s.add(wallet(1), T0);
    expect(s.countSince(T0)).toBe(1);
    // Two days of one trade per 10 minutes: the sketch keeps only the last day and an hour of them.
    for (let at = T0; at < T0 + 2 * 86_400_000; at += SKETCH_BUCKET_MS) s.add(wallet(at), at);
    const now = T0 + 2 * 86_400_000 - SKETCH_BUCKET_MS;
    expect(s.size).toBeLessThanOrEqual(SKETCH_SPAN_MS / SKETCH_BUCKET_MS + 1);
    expect(s.countSince(now - 2 * 86_400_000)).toBeNull();
    expect(s.countSince(now - 24 * 3_600_000)).not.toBeNull();
  });
});
