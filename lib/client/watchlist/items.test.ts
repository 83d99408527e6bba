import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addItem,
  indexOfItem,
  normaliseWatchId,
  removeItem,
  restoreItem,
  sanitiseItems,
  WATCHLIST_MAX,
  type WatchItem,
} from "./items";

const EVM = "0xAbCdEf0123456789aBcDeF0123456789ABCDEF01";
const SOL = "So11111111111111111111111111111111111111112";
const hex = fc.stringMatching(/^[0-9a-f]{40}$/).map((h) => `0x${h}`);
const chain = fc.constantFrom("evm:1", "evm:8453", "evm:56");

describe("watchlist items", () => {
  it("canonicalises EVM addresses and rejects bad ids", () => {
    expect(normaliseWatchId("evm:1", EVM)).toEqual({ chain: "evm:1", address: EVM.toLowerCase() });
    expect(normaliseWatchId("solana", SOL)).toEqual({ chain: "solana", address: SOL });
    expect(normaliseWatchId("solana", EVM)).toBeNull();
    expect(normaliseWatchId("evm:01", EVM)).toBeNull();
    expect(normaliseWatchId("bitcoin", SOL)).toBeNull();
  });

  it("adds newest first, dedupes case-insensitively for EVM and refreshes labels", () => {
    let items = addItem([], { chain: "evm:1", address: EVM, symbol: "AAA" }, 1);
    items = addItem(items, { chain: "solana", address: SOL, symbol: "SOL" }, 2);
    items = addItem(items, { chain: "evm:1", address: EVM.toLowerCase(), symbol: "BBB" }, 3);
    expect(items.map((i) => i.symbol)).toEqual(["SOL", "BBB"]);
    expect(items[1].addedAt).toBe(1);
  });

  it("ignores invalid input instead of storing it", () => {
    const items = addItem([], { chain: "evm:1", address: "0x123" }, 1);
    expect(items).toEqual([]);
  });

  it("removes by any casing of the address", () => {
    const items = addItem([], { chain: "evm:1", address: EVM }, 1);
    expect(removeItem(items, "evm:1", EVM.toUpperCase().replace("0X", "0x"))).toEqual([]);
    expect(removeItem(items, "evm:8453", EVM)).toHaveLength(1);
  });

  it("never exceeds the bound and holds unique ids (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(chain, hex, fc.boolean()), { maxLength: 600 }), (ops) => {
        let items: WatchItem[] = [];
        ops.forEach(([c, a, add], n) => {
          items = add ? addItem(items, { chain: c, address: a }, n) : removeItem(items, c, a);
        });
        expect(items.length).toBeLessThanOrEqual(WATCHLIST_MAX);
        const keys = new Set(items.map((i) => `${i.chain}|${i.address}`));
        expect(keys.size).toBe(items.length);
      }),
      { numRuns: 60 },
    );
  });

  it("drops the oldest entry past the bound", () => {
    let items: WatchItem[] = [];
    for (let n = 0; n <= WATCHLIST_MAX; n++)
      items = addItem(items, { chain: "evm:1", address: `0x${n.toString(16).padStart(40, "0")}` }, n);
    expect(items).toHaveLength(WATCHLIST_MAX);
    expect(indexOfItem(items, "evm:1", `0x${"0".repeat(40)}`)).toBe(-1);
  });

  it("sanitises tampered persisted data (property: never throws, always valid)", () => {
    fc.assert(
      fc.property(fc.anything(), (raw) => {
        const items = sanitiseItems(raw);
        expect(items.length).toBeLessThanOrEqual(WATCHLIST_MAX);
        for (const i of items)
          expect(normaliseWatchId(i.chain, i.address)).toEqual({ chain: i.chain, address: i.address });
      }),
    );
    const raw = [
      { chain: "evm:1", address: EVM, symbol: "X".repeat(500), addedAt: "nope" },
      { chain: "evm:1", address: EVM.toLowerCase() },
      { chain: "solana", address: "<script>" },
      null,
      42,
    ];
    const items = sanitiseItems(raw);
    expect(items).toHaveLength(1);
    expect(items[0].symbol?.length).toBeLessThanOrEqual(96);
    expect(items[0].addedAt).toBe(0);
  });

  it("restores a removed item in its place, once", () => {
    let items: WatchItem[] = [];
    for (let n = 1; n <= 3; n++) items = addItem(items, { chain: "evm:1", address: `0x${String(n).repeat(40)}` }, n);
    const removed = items[1];
    const after = removeItem(items, removed.chain, removed.address);
    expect(restoreItem(after, removed)).toEqual(items);
    expect(restoreItem(items, removed)).toBe(items);
  });
});
