import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CacheEntry, createResponseCache, entrySize } from "./response-cache";

const entry = (text: string, storedAt: number, over: Partial<CacheEntry> = {}): CacheEntry => ({
  text,
  storedAt,
  ttlMs: 1_000,
  swrMs: 4_000,
  staleIfErrorMs: 60_000,
  immutable: false,
  ...over,
});

describe("response cache", () => {
  it("judges freshness on the injected clock: fresh, stale (SWR), expired (stale-if-error only), gone", () => {
    let t = 0;
    const c = createResponseCache({ maxBytes: 1 << 20, now: () => t });
    c.set("k", entry("{}", 0));
    expect(c.get("k")?.state).toBe("fresh");
    t = 1_000;
    expect(c.get("k")).toMatchObject({ state: "stale", ageMs: 1_000 });
    t = 5_000;
    expect(c.get("k")?.state).toBe("expired");
    t = 60_999;
    expect(c.get("k")?.state).toBe("expired");
    t = 61_000;
    expect(c.get("k")).toBeUndefined();
    expect(c.stats().entries).toBe(0);
  });

  it("an immutable entry stays fresh", () => {
    let t = 0;
    const c = createResponseCache({ maxBytes: 1 << 20, now: () => t });
    c.set("k", entry("{}", 0, { immutable: true }));
    t = 10 * 86_400_000;
    expect(c.get("k")?.state).toBe("fresh");
  });

  it("does not cache an entry larger than the per-entry cap", () => {
    const c = createResponseCache({ maxBytes: 10_000, maxEntryBytes: 1_000 });
    c.set("big", entry("x".repeat(2_000), 0));
    expect(c.get("big")).toBeUndefined();
  });

  it("holds its byte bound, evicting the least recently used (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 3_000 })), { maxLength: 200 }),
        (ops) => {
          const c = createResponseCache({ maxBytes: 20_000, now: () => 0 });
          for (const [k, len] of ops) {
            c.set(`key-${k}`, entry("y".repeat(len), 0));
            expect(c.stats().bytes).toBeLessThanOrEqual(20_000);
          }
        },
      ),
    );
  });

  it("counts evictions and keeps the most recent entry", () => {
    const c = createResponseCache({ maxBytes: 10_000, maxEntryBytes: 10_000, now: () => 0 });
    const e = entry("z".repeat(1_000), 0);
    for (let i = 0; i < 50; i++) c.set(`k${i}`, e);
    const per = entrySize("k10", e);
    expect(c.stats().entries).toBeLessThanOrEqual(Math.floor(10_000 / per));
    expect(c.stats().evictions).toBeGreaterThan(0);
    expect(c.get("k49")).toBeDefined();
  });
});
