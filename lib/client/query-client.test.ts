import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api";
import { getQueryClient, MAX_RETRIES, makeQueryClient, retryDelay, shouldRetry } from "./query-client";

describe("query client", () => {
  it("never retries a 4xx, retries 5xx and network failures up to twice", () => {
    for (const code of ["invalid_parameter", "not_found", "rate_limited", "credit_budget_exhausted", "unauthorized"])
      expect(shouldRetry(0, new ApiError(code, "x"))).toBe(false);
    for (const code of ["upstream_error", "upstream_timeout", "network_error"]) {
      const e = new ApiError(code, "x");
      expect(shouldRetry(0, e)).toBe(true);
      expect(shouldRetry(1, e)).toBe(true);
      expect(shouldRetry(MAX_RETRIES, e)).toBe(false);
    }
    expect(shouldRetry(0, new DOMException("aborted", "AbortError"))).toBe(false);
  });

  it("backs off with jitter under a cap, and follows Retry-After", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 }), fc.double({ min: 0, max: 0.999, noNaN: true }), (n, r) => {
        const d = retryDelay(n, new Error("x"), () => r);
        expect(d).toBeGreaterThanOrEqual(250);
        expect(d).toBeLessThanOrEqual(8_000);
      }),
    );
    expect(retryDelay(0, new ApiError("upstream_unavailable", "x", { retryAfterSec: 2 }))).toBe(2_000);
  });

  it("caches with a positive staleTime; a new client per server request", () => {
    const qc = makeQueryClient();
    expect(qc.getDefaultOptions().queries?.staleTime).toBeGreaterThan(0);
    expect(getQueryClient()).not.toBe(getQueryClient()); // node = server
  });

  describe("a server render's client keeps nothing after the response", () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    const fetchWithOwnGcTime = async (server: boolean) => {
      vi.useFakeTimers();
      const qc = makeQueryClient({ server });
      // A query with its own gcTime, as the cards' sparklines have, then no observer left (the render is over).
      await qc.fetchQuery({ queryKey: ["spark", "x"], queryFn: () => [1, 2, 3], gcTime: 5 * 60_000 });
      return { qc, timers: vi.getTimerCount() };
    };

    it("arms no garbage-collection timer on the server (a timer would hold the whole cache for gcTime)", async () => {
      const { qc, timers } = await fetchWithOwnGcTime(true);
      expect(timers).toBe(0);
      expect(qc.getQueryCache().find({ queryKey: ["spark", "x"] })?.gcTime).toBe(Number.POSITIVE_INFINITY);
    });

    it("the browser's client still collects unused queries after their gcTime", async () => {
      const { qc, timers } = await fetchWithOwnGcTime(false);
      expect(timers).toBe(1);
      vi.advanceTimersByTime(5 * 60_000);
      expect(qc.getQueryCache().find({ queryKey: ["spark", "x"] })).toBeUndefined();
    });
  });
});
