import type { PollingUsage, PublicUsage } from "@/lib/api/usage";
import type { LedgerSnapshot } from "./credits-ledger";
import type { FleetUsage } from "./fleet/fleet-ledger";
import type { LivenessStats } from "./gateway/liveness/controller";
import { readGatewayStats } from "./gateway/stats";
import type { ProxyState } from "./proxy/state";
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

/** The body of GET /api/usage/public: credits spent and saved, nothing about the upstream's health or this host. */
export function publicUsageReport(state: ProxyState, now = Date.now()): PublicUsage {
  const l = state.ledger.snapshot();
  const byEndpoint: PublicUsage["byEndpoint"] = {};
  for (const [id, u] of Object.entries(l.byEndpoint))
    byEndpoint[id] = { spent: u.spent, savedByCache: u.savedByCache, savedByCoalescing: u.savedByCoalescing };
  return {
    asOf: now,
    day: l.day,
    budgetPerDay: l.budgetPerDay,
    spentToday: l.spentToday,
    remainingToday: l.remainingToday,
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
    },
  };
}
