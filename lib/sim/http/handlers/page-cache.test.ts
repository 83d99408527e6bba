import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PageCache, pageCacheOf } from "./page-cache";

describe("page cache", () => {
  it("serves an entry only at the version it was made for", () => {
    const c = new PageCache();
    c.set("k", 1, "[1]", { hasMore: false });
    expect(c.get("k", 1)).toMatchObject({ json: "[1]", meta: { hasMore: false } });
    expect(c.get("k", 2)).toBeUndefined();
    c.set("k", 2, "[2]", {});
    expect(c.get("k", 2)?.json).toBe("[2]");
    expect(c.size.entries).toBe(1);
  });

  it("stays within its byte and entry bounds, evicting the least recently used", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 300 })), { maxLength: 300 }),
        (ops) => {
          const c = new PageCache({ maxBytes: 2_000, maxEntries: 8 });
          for (const [k, len] of ops) {
            if (!c.get(`key${k}`, 0)) c.set(`key${k}`, 0, "x".repeat(len), {});
            expect(c.size.bytes).toBeLessThanOrEqual(2_000);
            expect(c.size.entries).toBeLessThanOrEqual(8);
          }
        },
      ),
    );
    const c = new PageCache({ maxBytes: 1_000, maxEntries: 2 });
    c.set("a", 0, "1", {});
    c.set("b", 0, "2", {});
    c.get("a", 0); // a is now the most recent
    c.set("c", 0, "3", {});
    expect(c.get("a", 0)).toBeDefined();
    expect(c.get("b", 0)).toBeUndefined();
    c.set("huge", 0, "x".repeat(2_000), {}); // bigger than the whole cache: not kept
    expect(c.get("huge", 0)).toBeUndefined();
  });

  it("keeps one cache per market instance", () => {
    const a = {};
    const b = {};
    expect(pageCacheOf(a)).toBe(pageCacheOf(a));
    expect(pageCacheOf(a)).not.toBe(pageCacheOf(b));
  });
});
