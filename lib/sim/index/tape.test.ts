import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { tradeRecord } from "../testing/fixtures";
import type { TradeRecord } from "./records";
import { decodeCursor, encodeCursor, Tape } from "./tape";

// Tape paging: newest first, opaque cursor, filters; the ring never exceeds its cap.

const rec = (
  seq: number,
  o: Partial<{ isBuy: boolean; usd: number; wash: boolean; pool: string; maker: string }> = {},
) => tradeRecord(seq, o);

describe("Tape", () => {
  it("pages through everything exactly once, newest first", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 400 }),
        (n, limit, cap) => {
          const tape = new Tape(cap);
          for (let i = 1; i <= n; i++) tape.push(rec(i, { isBuy: i % 3 !== 0 }));
          const seen: number[] = [];
          let cursor: number | undefined;
          for (let guard = 0; guard < 1000; guard++) {
            const page = tape.page(limit, { type: "buy" }, cursor);
            seen.push(...page.records.map((r) => r.seq));
            if (!page.hasMore) break;
            cursor = decodeCursor(encodeCursor((page.records[page.records.length - 1] as TradeRecord).seq, "s"), "s");
          }
          const expected = Array.from({ length: Math.min(n, cap) }, (_, i) => n - i).filter((s) => s % 3 !== 0);
          expect(seen).toEqual(expected);
          expect(tape.size).toBeLessThanOrEqual(cap);
        },
      ),
    );
  });

  it("filters by pools, wash badge, size and maker", () => {
    const tape = new Tape(100);
    tape.push(rec(1, { pool: "A", usd: 5 }));
    tape.push(rec(2, { pool: "B", wash: true, usd: 50 }));
    tape.push(rec(3, { pool: "A", maker: "X", usd: 500 }));
    const seqs = (f: Parameters<Tape["page"]>[1]) => tape.page(10, f).records.map((r) => r.seq);
    expect(seqs({ pools: new Set(["A"]) })).toEqual([3, 1]);
    expect(seqs({ washFilter: "washOnly" })).toEqual([2]);
    expect(seqs({ washFilter: "organicOnly" })).toEqual([3, 1]);
    expect(seqs({ minUsd: 10, maxUsd: 100 })).toEqual([2]);
    expect(seqs({ makers: new Set(["X"]) })).toEqual([3]);
  });

  it("removes a reverted record and keeps paging stable", () => {
    const tape = new Tape(100);
    for (let i = 1; i <= 5; i++) tape.push(rec(i));
    expect(tape.remove(4)?.seq).toBe(4);
    expect(tape.page(10, {}, 5).records.map((r) => r.seq)).toEqual([3, 2, 1]);
  });

  it("rejects cursors that were not issued for this token", () => {
    const c = encodeCursor(42, "solana|A");
    expect(decodeCursor(c, "solana|A")).toBe(42);
    expect(() => decodeCursor(c, "solana|B")).toThrow(/cursor/);
    expect(() => decodeCursor("not a cursor!", "solana|A")).toThrow(/cursor/);
    expect(() => decodeCursor(Buffer.from("t1.x.y").toString("base64url"), "solana|A")).toThrow(/cursor/);
  });
});
