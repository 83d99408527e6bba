import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createKeyRegistry } from "./key-registry";

const limits = { connections: 5, subscriptionsPerConnection: 20, trackedTokens: 50 };

describe("key registry", () => {
  it("allows 5 connections per key, independently per key, and frees slots on close", () => {
    const r = createKeyRegistry(limits);
    for (let i = 0; i < 5; i++) expect(r.openConnection("a")).toBe(true);
    expect(r.openConnection("a")).toBe(false);
    expect(r.openConnection("b")).toBe(true);
    r.closeConnection("a");
    expect(r.openConnection("a")).toBe(true);
    expect(r.connections("a")).toBe(5);
  });

  it("counts distinct tracked items across subscriptions and refuses going over 50 without a partial add", () => {
    const r = createKeyRegistry(limits);
    const items = (from: number, n: number) => Array.from({ length: n }, (_, i) => `t${from + i}`);
    expect(r.track("k", items(0, 30))).toBe(true);
    expect(r.track("k", items(0, 30))).toBe(true); // same tokens again: still 30 distinct
    expect(r.tracked("k")).toBe(30);
    expect(r.track("k", items(30, 21))).toBe(false);
    expect(r.tracked("k")).toBe(30);
    expect(r.track("k", items(30, 20))).toBe(true);
    expect(r.tracked("k")).toBe(50);
    r.untrack("k", items(0, 30));
    expect(r.tracked("k")).toBe(50); // still held by the duplicate subscription
    r.untrack("k", items(0, 30));
    expect(r.tracked("k")).toBe(20);
  });

  it("never exceeds its limits and forgets keys with no state (property)", () => {
    const op = fc.oneof(
      fc.record({ t: fc.constant("open" as const), k: fc.constantFrom("a", "b") }),
      fc.record({ t: fc.constant("close" as const), k: fc.constantFrom("a", "b") }),
      fc.record({
        t: fc.constant("track" as const),
        k: fc.constantFrom("a", "b"),
        items: fc.array(fc.integer({ min: 0, max: 80 }), { maxLength: 30 }),
      }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 80 }), (ops) => {
        const r = createKeyRegistry(limits);
        const held: Record<string, string[][]> = { a: [], b: [] };
        let open: Record<string, number> = { a: 0, b: 0 };
        for (const o of ops) {
          if (o.t === "open" && r.openConnection(o.k)) open = { ...open, [o.k]: open[o.k] + 1 };
          if (o.t === "close" && open[o.k] > 0) {
            r.closeConnection(o.k);
            open[o.k]--;
          }
          if (o.t === "track") {
            const items = o.items.map((i) => `x${i}`);
            if (r.track(o.k, items)) held[o.k].push(items);
          }
          for (const k of ["a", "b"]) {
            expect(r.connections(k)).toBeLessThanOrEqual(5);
            expect(r.tracked(k)).toBeLessThanOrEqual(50);
          }
        }
        for (const k of ["a", "b"]) {
          for (const items of held[k]) r.untrack(k, items);
          while (open[k]-- > 0) r.closeConnection(k);
        }
        expect(r.size()).toBe(0);
      }),
    );
  });
});
