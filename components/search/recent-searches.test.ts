import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  pushRecent,
  RECENT_MAX,
  RECENT_STORAGE_KEY,
  type RecentEntry,
  readRecents,
  recentKey,
  sanitiseRecents,
  writeRecents,
} from "./recent-searches";

const EVM = "0xAAAAaaaaAAAAaaaaAAAAaaaaAAAAaaaaAAAAaaaa";

function memoryStorage(init: Record<string, string> = {}) {
  const m = new Map(Object.entries(init));
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
}

describe("recent searches", () => {
  it("keeps most recent first, one per target, canonical addresses", () => {
    let list: RecentEntry[] = [];
    list = pushRecent(list, { kind: "query", q: "pepe", at: 1 });
    list = pushRecent(list, { kind: "wallet", address: EVM, at: 2 });
    list = pushRecent(list, { kind: "query", q: "PEPE", at: 3 });
    expect(list.map((e) => e.kind)).toEqual(["query", "wallet"]);
    expect(list[1]).toMatchObject({ address: EVM.toLowerCase() });
  });

  it("never holds more than RECENT_MAX or duplicate keys (property)", () => {
    const entry = fc.oneof(
      fc.record({ kind: fc.constant("query" as const), q: fc.string({ maxLength: 6 }), at: fc.nat() }),
      fc.record({
        kind: fc.constant("wallet" as const),
        address: fc.constantFrom(EVM, `0x${"1".repeat(40)}`, "bad"),
        at: fc.nat(),
      }),
    );
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 100 }), (entries) => {
        let list: RecentEntry[] = [];
        for (const e of entries) list = pushRecent(list, e);
        expect(list.length).toBeLessThanOrEqual(RECENT_MAX);
        expect(new Set(list.map(recentKey)).size).toBe(list.length);
      }),
    );
  });

  it("drops tampered or malformed storage without throwing", () => {
    expect(readRecents(memoryStorage({ [RECENT_STORAGE_KEY]: "{not json" }))).toEqual([]);
    expect(readRecents(memoryStorage({ [RECENT_STORAGE_KEY]: '"x"' }))).toEqual([]);
    expect(readRecents(undefined)).toEqual([]);
    const raw = [
      { kind: "token", chain: "evm:1", address: EVM, symbol: "X".repeat(500), name: "<b>n</b>" },
      { kind: "token", chain: "bitcoin", address: EVM },
      { kind: "wallet", address: "javascript:alert(1)" },
      { kind: "query", q: "   " },
      { kind: "evil" },
    ];
    const list = sanitiseRecents(raw);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ kind: "token", address: EVM.toLowerCase(), name: "<b>n</b>" });
    expect((list[0] as { symbol: string }).symbol.length).toBe(64);
    fc.assert(
      fc.property(fc.anything(), (x) => {
        expect(sanitiseRecents(x).length).toBeLessThanOrEqual(RECENT_MAX);
      }),
    );
  });

  it("round-trips through storage and survives a throwing one", () => {
    const s = memoryStorage();
    writeRecents(s, [{ kind: "query", q: "abc", at: 5 }]);
    expect(readRecents(s)).toEqual([{ kind: "query", q: "abc", at: 5 }]);
    expect(() =>
      writeRecents(
        {
          setItem: () => {
            throw new Error("quota");
          },
        },
        [],
      ),
    ).not.toThrow();
  });
});
