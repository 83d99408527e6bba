import type { PollingUsage, PublicUsage } from "@/lib/api/usage";
import type { LedgerSnapshot } from "../proxy/credits-ledger";
import type { FleetUsage } from "../fleet/fleet-ledger";
import type { LivenessStats } from "../gateway/liveness/controller";
import { readGatewayStats } from "../gateway/stats";
import type { ProxyState } from "../proxy/state";
import { collectUsage, type UsageValues } from "./usage-registry";

// The body of GET /api/usage: the proxy's ledger in full plus every registered usage source (stream gateway, …). In
// fleet mode `rest` is this instance's share and `fleet` the whole fleet's totals (null in one process).

export interface UsageReport {
  asOf: number;
  rest: LedgerSnapshot & {
    cache: { entries: number; bytes: number; maxBytes: number; evictions: number };
    circuit: string;
    inFlight: number;
  };
  sources: Record<string, UsageValues>;
  fleet: FleetUsage | null;
}

export async function usageReport(state: ProxyState, now = Date.now()): Promise<UsageReport> {
  const fleet = state.fleet ? await state.fleet.ledger.usage() : null;
  return {
    asOf: now,
    rest: {
      ...state.ledger.snapshot(),
      cache: state.cache.stats(),
      circuit: state.breaker.state(),
      inFlight: state.proxy.inFlight(),
    },
    sources: collectUsage(),
    fleet,
  };
}

/**
 * The day's credit budget and what is left of it. In fleet mode the budget is the fleet's (each instance's own ledger
 * counts only its share) and what is spent is the fleet's total as of its last flush to Redis.
 */
export function todaysBudget(state: ProxyState): { budgetPerDay: number | null; spentToday: number; remainingToday: number | null; msToReset: number } {
  const l = state.ledger.snapshot();
  const msToReset = Date.parse(`${l.day}T00:00:00Z`) + 86_400_000 - Date.now();
  if (!state.fleet) return { budgetPerDay: l.budgetPerDay, spentToday: l.spentToday, remainingToday: l.remainingToday, msToReset };
  const budgetPerDay = state.settings.creditBudgetPerDay ?? null;
  const fleetSpent = state.fleet.ledger.figures().fleetCreditsSpentToday;
  const spentToday = typeof fleetSpent === "number" ? fleetSpent : l.spentToday;
  return { budgetPerDay, spentToday, remainingToday: budgetPerDay === null ? null : Math.max(0, budgetPerDay - spentToday), msToReset };
}

/** The body of GET /api/usage/public: credits spent and saved, nothing about the upstream's health or this host. */
export function publicUsageReport(state: ProxyState, now = Date.now()): PublicUsage {
  const l = state.ledger.snapshot();
  const today = todaysBudget(state);
  const byEndpoint: PublicUsage["byEndpoint"] = {};
  for (const [id, u] of Object.entries(l.byEndpoint))
    byEndpoint[id] = { spent: u.spent, savedByCache: u.savedByCache, savedByCoalescing: u.savedByCoalescing };
  return {
    asOf: now,
    day: l.day,
    budgetPerDay: today.budgetPerDay,
    spentToday: today.spentToday,
    remainingToday: today.remainingToday,
    spent: l.spent,
    savedByCache: l.savedByCache,
    savedByCoalescing: l.savedByCoalescing,
    streamConnectionMinutes: readGatewayStats()?.connectionMinutes ?? 0,
    byEndpoint,
    polling: pollingUsage(),
  };
}

/** The pollers' spend, from the running gateway's figures (null without one, or without tiered liveness). */
function pollingUsage(): PollingUsage | null {
  const s = readGatewayStats() as (Partial<LivenessStats> & object) | null;
  if (!s || s.pollBudgetPerMinute === undefined) return null;
  return {
    budgetPerMinute: s.pollBudgetPerMinute,
    lastMinute: s.pollCreditsLastMinute ?? 0,
    spent: s.pollCreditsSpent ?? 0,
    byChannel: {
      trades: s.pollCreditsTrades ?? 0,
      ohlcv: s.pollCreditsOhlcv ?? 0,
      "token-updates": s.pollCreditsTokenUpdates ?? 0,
      pulse: s.pollCreditsPulse ?? 0,
      "wallet-trades": s.pollCreditsWalletTrades ?? 0,
    },
  };
}
