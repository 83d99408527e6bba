import type { ProxySettings } from "../config";
import { type CircuitBreaker, createCircuitBreaker } from "./circuit-breaker";
import { type CreditsLedger, createCreditsLedger } from "./credits-ledger";
import { createFleetLedger, type FleetLedger } from "../fleet/fleet-ledger";
import { createFleetRateLimiter, type FleetRateLimiter } from "../fleet/fleet-rate-limit";
import { type FleetRuntime, getFleetRuntime } from "../fleet/fleet-runtime";
import { createSharedCache, type SharedCache } from "../fleet/shared-cache";
import { getLogger, type Logger } from "../ops/logger";
import { getMetrics, type Metrics } from "../ops/metrics";
import { createProxy, type RestProxy } from "./cache-and-coalesce";
import { createRateLimiter, type RateLimiter } from "../http/rate-limit";
import { createResponseCache, type ResponseCache } from "./response-cache";
import { createUpstreamClient, type UpstreamClient } from "./upstream-client";
import { getUpstreamTarget, type UpstreamTarget } from "../upstream/target";
import { registerUsageSource } from "../ops/usage-registry";
import { runtimeConfig } from "../runtime";

// The proxy's process-wide state (cache, ledger, breaker, rate limiter, pool). It lives on globalThis: route handlers
// and server components are separate bundles in one process and must share one cache and one ledger.

const STATE = Symbol.for("trading-explorer.proxy");

export interface ProxyState {
  proxy: RestProxy;
  upstream: UpstreamClient;
  cache: ResponseCache;
  /** This instance's own figures (in fleet mode, its share of `fleet.ledger`). */
  ledger: CreditsLedger;
  breaker: CircuitBreaker;
  limiter: RateLimiter | FleetRateLimiter | null;
  /** Fleet mode (REDIS_URL): what every instance shares. */
  fleet: { runtime: FleetRuntime; ledger: FleetLedger; cache: SharedCache } | null;
  settings: ProxySettings;
  logger: Logger;
  metrics: Metrics;
  close(): Promise<void>;
}

export interface ProxyStateDeps {
  target?: () => UpstreamTarget;
  now?: () => number;
  logger?: Logger;
  metrics?: Metrics;
  /** Register the "rest" usage source and the metrics reader (the process-wide instance does). */
  register?: boolean;
  /** Fleet mode: share cache, ledger and rate limit through this Redis link (default: the process's, if any). */
  fleet?: FleetRuntime | null;
}

const CIRCUIT_CODE = { closed: 0, "half-open": 1, open: 2 } as const;

export function createProxyState(settings: ProxySettings, deps: ProxyStateDeps = {}): ProxyState {
  const now = deps.now ?? Date.now;
  const logger = deps.logger ?? getLogger(settings.logLevel);
  const metrics = deps.metrics ?? getMetrics();
  const breaker = createCircuitBreaker({
    failureThreshold: settings.breakerFailures,
    openMs: settings.breakerOpenMs,
    now,
  });
  const cache = createResponseCache({ maxBytes: settings.cacheMaxBytes, now });
  const runtime = deps.fleet === undefined ? getFleetRuntime() : (deps.fleet ?? undefined);
  // In fleet mode the budget is the fleet's: this instance's ledger only counts its share.
  const ledger = createCreditsLedger({ budgetPerDay: runtime ? undefined : settings.creditBudgetPerDay, now });
  const fleet = runtime
    ? {
        runtime,
        ledger: createFleetLedger({
          link: runtime.link,
          local: ledger,
          budgetPerDay: settings.creditBudgetPerDay,
          expectedInstances: runtime.expectedInstances,
          now,
        }),
        cache: createSharedCache({ link: runtime.link, lockMs: settings.upstreamTimeoutMs + 500, now }),
      }
    : null;
  const upstream = createUpstreamClient({
    target: deps.target ?? getUpstreamTarget,
    timeoutMs: settings.upstreamTimeoutMs,
    breaker,
    logger,
    onResult: (endpoint, outcome, ms) => metrics.upstream(endpoint, outcome, ms / 1000),
  });
  const proxy = createProxy({
    upstream,
    cache,
    ledger: fleet?.ledger ?? ledger,
    shared: fleet?.cache,
    now,
    observer: {
      cache: (endpoint, result) => metrics.cache(endpoint, result),
      refreshFailed: (endpoint, error) =>
        logger.warn(
          { endpoint, code: (error as { code?: string }).code ?? "internal_error" },
          "background refresh failed",
        ),
    },
  });
  const localLimiter =
    settings.rateLimitPerSec > 0
      ? createRateLimiter({ ratePerSec: settings.rateLimitPerSec, burst: settings.rateLimitBurst, now })
      : null;
  const limiter =
    localLimiter && runtime
      ? createFleetRateLimiter({
          link: runtime.link,
          local: localLimiter,
          ratePerSec: settings.rateLimitPerSec,
          burst: settings.rateLimitBurst,
        })
      : localLimiter;

  const unregister: Array<() => void> = [];
  if (deps.register) {
    metrics.setProxyReader(() => {
      const l = ledger.snapshot();
      const c = cache.stats();
      const pick = (f: "spent" | "savedByCache" | "savedByCoalescing") =>
        Object.fromEntries(Object.entries(l.byEndpoint).map(([k, v]) => [k, v[f]]));
      return {
        creditsSpent: pick("spent"),
        savedByCache: pick("savedByCache"),
        savedByCoalescing: pick("savedByCoalescing"),
        spentToday: l.spentToday,
        budgetPerDay: l.budgetPerDay,
        cacheBytes: c.bytes,
        cacheEntries: c.entries,
        cacheEvictions: c.evictions,
        circuit: CIRCUIT_CODE[breaker.state()],
        inFlight: proxy.inFlight(),
      };
    });
    unregister.push(
      registerUsageSource("rest", () => {
        const l = ledger.snapshot();
        const c = cache.stats();
        return {
          creditsSpent: l.spent,
          creditsSpentToday: l.spentToday,
          creditBudgetPerDay: l.budgetPerDay ?? "unlimited",
          creditsSavedByCache: l.savedByCache,
          creditsSavedByCoalescing: l.savedByCoalescing,
          upstreamCalls: l.upstreamCalls,
          cacheEntries: c.entries,
          cacheBytes: c.bytes,
          circuit: breaker.state(),
        };
      }),
    );
    if (fleet) unregister.push(registerUsageSource("fleet", () => fleet.ledger.figures()));
  }

  return {
    proxy,
    upstream,
    cache,
    ledger,
    breaker,
    limiter,
    fleet,
    settings,
    logger,
    metrics,
    async close() {
      for (const u of unregister) u();
      await fleet?.ledger.close();
      await fleet?.cache.close();
      await upstream.close();
    },
  };
}

/** The process-wide proxy, created on first use from the runtime configuration. */
export function getProxyState(): ProxyState {
  const holder = globalThis as { [STATE]?: ProxyState };
  holder[STATE] ??= createProxyState(runtimeConfig().proxy, { register: true });
  return holder[STATE];
}

/** Replaces the process-wide proxy (tests, benchmarks); returns the previous one. */
export function setProxyState(state: ProxyState | undefined): ProxyState | undefined {
  const holder = globalThis as { [STATE]?: ProxyState };
  const prev = holder[STATE];
  holder[STATE] = state;
  return prev;
}
