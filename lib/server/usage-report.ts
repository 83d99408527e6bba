import type { LedgerSnapshot } from "./credits-ledger";
import type { ProxyState } from "./proxy/state";
import { collectUsage, type UsageValues } from "./usage-registry";

// The body of GET /api/usage: the proxy's ledger in full plus every registered usage source (stream gateway, …).

export interface UsageReport {
  asOf: number;
  rest: LedgerSnapshot & {
    cache: { entries: number; bytes: number; maxBytes: number; evictions: number };
    circuit: string;
    inFlight: number;
  };
  sources: Record<string, UsageValues>;
}

export function usageReport(state: ProxyState, now = Date.now()): UsageReport {
  return {
    asOf: now,
    rest: {
      ...state.ledger.snapshot(),
      cache: state.cache.stats(),
      circuit: state.breaker.state(),
      inFlight: state.proxy.inFlight(),
    },
    sources: collectUsage(),
  };
}
