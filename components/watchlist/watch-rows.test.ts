import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { TokenPrice } from "@/lib/api";
import type { WatchItem } from "@/lib/client/watchlist/items";
import { chunk, joinRows, parseSort, removeLabel, slotsByKey, sortRows, type WatchRow } from "./watch-rows";

const addr = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;
const item = (n: number, over: Partial<WatchItem> = {}): WatchItem => ({
  chain: "evm:8453",
  address: addr(n),
  addedAt: n,
  ...over,
});
const price = (n: number, over: Partial<TokenPrice> = {}): TokenPrice => ({
  chain: "evm:8453",
  address: addr(n),
  priceUsd: n,
  priceNative: null,
  marketCapUsd: n * 10,
  liquidityUsd: n * 5,
  priceChange24hPct: n - 2,
  updatedAt: 0,
  ...over,
});

describe("watchlist rows", () => {
  it("matches slots to items by input order and keeps per-item errors", () => {
    const items = [item(1), item(2), item(3)];
    const prices = slotsByKey(items, [
      { data: price(1) },
      { error: { code: "token_not_found", message: "unknown token" } },
    ]);
    const rows = joinRows(items, prices, new Map());
    expect(rows[0].price?.priceUsd).toBe(1);
    expect(rows[1]).toMatchObject({ price: null, error: { code: "token_not_found" } });
    expect(rows[2]).toMatchObject({ price: null, error: null }); // not loaded: neither zero nor error
  });

  it("sorts with unknown values last in both directions", () => {
    const rows = joinRows(
      [item(1), item(2), item(3)],
      slotsByKey([item(1), item(3)], [{ data: price(1) }, { data: price(3) }]),
      new Map(),
    );
    const sym = (rs: WatchRow[]) => rs.map((r) => r.item.addedAt);
    expect(sym(sortRows(rows, "price", "desc"))).toEqual([3, 1, 2]);
    expect(sym(sortRows(rows, "price", "asc"))).toEqual([1, 3, 2]);
    expect(sym(sortRows(rows, "added", "desc"))).toEqual([3, 2, 1]);
  });

  it("sort is a permutation and ordered (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.double({ min: -1e9, max: 1e9, noNaN: true }), { nil: null }), { maxLength: 40 }),
        fc.boolean(),
        (ps, asc) => {
          const items = ps.map((_, i) => item(i + 1));
          const slots = ps.map((p, i) =>
            p === null ? { error: { code: "x", message: "x" } } : { data: price(i + 1, { priceUsd: p }) },
          );
          const rows = joinRows(items, slotsByKey<TokenPrice>(items, slots), new Map());
          const sorted = sortRows(rows, "price", asc ? "asc" : "desc");
          expect(sorted).toHaveLength(rows.length);
          expect(new Set(sorted)).toEqual(new Set(rows));
          const vals = sorted.map((r) => r.price?.priceUsd ?? null);
          const known = vals.filter((v) => v !== null) as number[];
          expect(vals.slice(known.length).every((v) => v === null)).toBe(true);
          for (let i = 1; i < known.length; i++)
            expect(asc ? known[i - 1] <= known[i] : known[i - 1] >= known[i]).toBe(true);
        },
      ),
    );
  });

  it("parses sort params defensively and chunks within batch bounds", () => {
    expect(parseSort("mcap", "asc")).toEqual({ key: "mcap", dir: "asc" });
    expect(parseSort("<script>", "sideways")).toEqual({ key: "added", dir: "desc" });
    expect(chunk(Array.from({ length: 201 }, (_, i) => i)).map((c) => c.length)).toEqual([100, 100, 1]);
    expect(chunk([])).toEqual([]);
  });
});

describe("removeLabel", () => {
  it("names the token as its row draws it: no bidi or invisible characters, the short address when nothing is left", () => {
    expect(removeLabel("PEPE", addr(1))).toBe("Remove PEPE from watchlist");
    expect(removeLabel("\u202eTHI", addr(1))).toBe("Remove THI from watchlist");
    expect(removeLabel("\u200b\u2066", addr(1))).toMatch(/^Remove 0x0000…?.*0001 from watchlist$/);
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), (symbol) => {
        const label = removeLabel(symbol, addr(2));
        expect(label).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200b-\u200f]/);
        expect(label.startsWith("Remove ")).toBe(true);
        expect(label.endsWith(" from watchlist")).toBe(true);
      }),
    );
  });
});
