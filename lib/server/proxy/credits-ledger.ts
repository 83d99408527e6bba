import { ApiError } from "@/lib/api/errors";

// §8 credits: what the proxy spent upstream per endpoint, what the cache and coalescing saved, and an optional
// budget per UTC day that is checked (and reserved) before a call is sent, so concurrent calls cannot overshoot it.

const DAY_MS = 86_400_000;

export interface EndpointUsage {
  calls: number;
  spent: number;
  cacheHits: number;
  savedByCache: number;
  coalesced: number;
  savedByCoalescing: number;
}

export interface LedgerSnapshot {
  /** UTC day (YYYY-MM-DD) the budget counts against. */
  day: string;
  budgetPerDay: number | null;
  spentToday: number;
  remainingToday: number | null;
  spent: number;
  savedByCache: number;
  savedByCoalescing: number;
  upstreamCalls: number;
  /** The upstream's own running total for our key, when it reports one (`x-credits-total`). */
  upstreamCreditsTotal: number | null;
  byEndpoint: Record<string, EndpointUsage>;
}

export interface Reservation {
  /** Records the credits actually spent (the upstream's `x-credits-spent` when given, else the estimate). */
  settle(actual?: number): void;
  /** The call did not happen or was not charged. */
  cancel(): void;
}

export interface CreditsLedger {
  reserve(endpoint: string, credits: number): Reservation;
  cacheHit(endpoint: string, credits: number): void;
  coalesced(endpoint: string, credits: number): void;
  noteUpstreamTotal(total: number): void;
  snapshot(): LedgerSnapshot;
}

const utcDay = (ms: number) => Math.floor(ms / DAY_MS);

export function createCreditsLedger(opts: { budgetPerDay?: number; now?: () => number } = {}): CreditsLedger {
  const now = opts.now ?? Date.now;
  const budget = opts.budgetPerDay ?? null;
  const byEndpoint = new Map<string, EndpointUsage>();
  const totals = { spent: 0, savedByCache: 0, savedByCoalescing: 0, calls: 0 };
  let day = utcDay(now());
  let spentToday = 0;
  let reservedToday = 0;
  let upstreamTotal: number | null = null;

  const rollDay = () => {
    const d = utcDay(now());
    if (d !== day) {
      day = d;
      spentToday = 0;
      reservedToday = 0;
    }
  };
  const usage = (endpoint: string) => {
    let u = byEndpoint.get(endpoint);
    if (!u) {
      u = { calls: 0, spent: 0, cacheHits: 0, savedByCache: 0, coalesced: 0, savedByCoalescing: 0 };
      byEndpoint.set(endpoint, u);
    }
    return u;
  };

  return {
    reserve(endpoint, credits) {
      rollDay();
      if (budget !== null && credits > 0 && spentToday + reservedToday + credits > budget) {
        const retryAfterSec = Math.ceil(((day + 1) * DAY_MS - now()) / 1000);
        throw new ApiError(
          "credit_budget_exhausted",
          `the daily credit budget of ${budget} is spent; it resets at 00:00 UTC`,
          {
            retryAfterSec,
          },
        );
      }
      const reservedDay = day;
      reservedToday += credits;
      let done = false;
      const release = () => {
        if (done) return false;
        done = true;
        if (reservedDay === day) reservedToday -= credits;
        return true;
      };
      return {
        settle(actual) {
          if (!release()) return;
          rollDay();
          const spent = actual !== undefined && Number.isFinite(actual) && actual >= 0 ? actual : credits;
          const u = usage(endpoint);
          u.calls++;
          u.spent += spent;
          totals.calls++;
          totals.spent += spent;
          spentToday += spent;
        },
        cancel() {
          release();
        },
      };
    },
    cacheHit(endpoint, credits) {
      const u = usage(endpoint);
      u.cacheHits++;
      u.savedByCache += credits;
      totals.savedByCache += credits;
    },
    coalesced(endpoint, credits) {
      const u = usage(endpoint);
      u.coalesced++;
      u.savedByCoalescing += credits;
      totals.savedByCoalescing += credits;
    },
    noteUpstreamTotal(total) {
      if (Number.isFinite(total) && total >= 0) upstreamTotal = total;
    },
    snapshot() {
      rollDay();
      return {
        day: new Date(day * DAY_MS).toISOString().slice(0, 10),
        budgetPerDay: budget,
        spentToday,
        remainingToday: budget === null ? null : Math.max(0, budget - spentToday),
        spent: totals.spent,
        savedByCache: totals.savedByCache,
        savedByCoalescing: totals.savedByCoalescing,
        upstreamCalls: totals.calls,
        upstreamCreditsTotal: upstreamTotal,
        byEndpoint: Object.fromEntries([...byEndpoint].map(([k, v]) => [k, { ...v }])),
      };
    },
  };
}
