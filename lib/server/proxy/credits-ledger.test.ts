import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { createCreditsLedger } from "./credits-ledger";

const DAY = 86_400_000;

describe("credits ledger", () => {
  it("records spend per endpoint, preferring the upstream's own figure", () => {
    const l = createCreditsLedger();
    l.reserve("search", 5).settle();
    l.reserve("sparklines", 3).settle(4);
    l.cacheHit("search", 5);
    l.coalesced("search", 5);
    const s = l.snapshot();
    expect(s).toMatchObject({ spent: 9, savedByCache: 5, savedByCoalescing: 5, upstreamCalls: 2, budgetPerDay: null });
    expect(s.byEndpoint.search).toEqual({
      calls: 1,
      spent: 5,
      cacheHits: 1,
      savedByCache: 5,
      coalesced: 1,
      savedByCoalescing: 5,
    });
    expect(s.byEndpoint.sparklines.spent).toBe(4);
  });

  it("refuses a call that would pass the daily budget, before spending, counting reservations in flight", () => {
    const l = createCreditsLedger({ budgetPerDay: 10, now: () => 5 * DAY + 1000 });
    const a = l.reserve("ohlcv", 5);
    const b = l.reserve("ohlcv", 5);
    let err: unknown;
    try {
      l.reserve("pulse", 1);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: "credit_budget_exhausted", status: 429 });
    expect((err as ApiError).retryAfterSec).toBe(86_399);
    a.settle();
    b.cancel();
    expect(l.snapshot()).toMatchObject({ spentToday: 5, remainingToday: 5 });
    expect(() => l.reserve("pulse", 1).settle()).not.toThrow();
    expect(() => l.reserve("chains", 0).settle()).not.toThrow();
  });

  it("free calls pass even when the budget is spent", () => {
    const l = createCreditsLedger({ budgetPerDay: 1 });
    l.reserve("pulse", 1).settle();
    expect(() => l.reserve("pulse", 1)).toThrow(/budget/);
    expect(() => l.reserve("chains", 0)).not.toThrow();
  });

  it("resets the budget at the UTC day boundary", () => {
    let t = 3 * DAY - 1;
    const l = createCreditsLedger({ budgetPerDay: 2, now: () => t });
    l.reserve("x", 2).settle();
    expect(() => l.reserve("x", 1)).toThrow();
    t += 1;
    expect(l.snapshot()).toMatchObject({ spentToday: 0, spent: 2, day: "1970-01-04" });
    expect(() => l.reserve("x", 2).settle()).not.toThrow();
  });

  it("settling or cancelling twice counts once", () => {
    const l = createCreditsLedger({ budgetPerDay: 3 });
    const r = l.reserve("x", 3);
    r.settle();
    r.settle();
    r.cancel();
    expect(l.snapshot().spentToday).toBe(3);
  });

  it("never lets spentToday exceed the budget (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 7 }), fc.boolean()), { maxLength: 100 }), (ops) => {
        const l = createCreditsLedger({ budgetPerDay: 20, now: () => 0 });
        for (const [cost, charge] of ops) {
          try {
            const r = l.reserve("e", cost);
            charge ? r.settle() : r.cancel();
          } catch {}
        }
        expect(l.snapshot().spentToday).toBeLessThanOrEqual(20);
      }),
    );
  });
});
