import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CacheEntry } from "../proxy/response-cache";
import { decodeEntry, encodeEntry, entryTtlMs } from "./shared-cache";

const entry = fc.record(
  {
    text: fc.string({ unit: "grapheme" }),
    storedAt: fc.integer({ min: 0, max: 2 ** 45 }),
    asOf: fc.integer({ min: 0, max: 2 ** 45 }),
    ttlMs: fc.integer({ min: 0, max: 3_600_000 }),
    swrMs: fc.integer({ min: 0, max: 3_600_000 }),
    staleIfErrorMs: fc.integer({ min: 0, max: 86_400_000 }),
    immutable: fc.boolean(),
  },
  { requiredKeys: ["text", "storedAt", "ttlMs", "swrMs", "staleIfErrorMs", "immutable"] },
);

describe("shared cache entries", () => {
  it("round-trip through their Redis form, whatever the body holds (newlines included)", () => {
    fc.assert(
      fc.property(entry, (e: CacheEntry) => {
        expect(decodeEntry(encodeEntry(e))).toEqual(e);
      }),
    );
    const e = { text: '{"data":"a\\nb"}\n\n', storedAt: 1, ttlMs: 2, swrMs: 3, staleIfErrorMs: 4, immutable: false };
    expect(decodeEntry(encodeEntry(e))).toEqual(e);
  });

  it("refuse what is not an entry instead of serving it", () => {
    expect(decodeEntry("no header line")).toBeUndefined();
    expect(decodeEntry("{not json}\nbody")).toBeUndefined();
    // a malformed asOf is dropped (the copy then never meets a caller's x-min-as-of), the rest still serves
    expect(
      decodeEntry('{"storedAt":1,"asOf":"x","ttlMs":2,"swrMs":3,"staleIfErrorMs":4,"immutable":false}\nb'),
    ).toEqual({
      storedAt: 1,
      ttlMs: 2,
      swrMs: 3,
      staleIfErrorMs: 4,
      immutable: false,
      text: "b",
    });
    expect(decodeEntry('{"storedAt":"x"}\nbody')).toBeUndefined();
  });

  it("live in Redis exactly as long as a reader could use them, and always expire", () => {
    fc.assert(
      fc.property(entry, fc.integer({ min: 0, max: 86_400_000 }), (e: CacheEntry, age) => {
        const ttl = entryTtlMs(e, e.storedAt + age);
        expect(ttl).toBeGreaterThanOrEqual(1);
        if (e.immutable) expect(ttl).toBe(86_400_000);
        else expect(ttl).toBe(Math.max(1, e.ttlMs + Math.max(e.swrMs, e.staleIfErrorMs) - age));
      }),
    );
  });
});
