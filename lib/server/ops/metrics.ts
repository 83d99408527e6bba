import { Counter, Gauge, Histogram, Registry } from "prom-client";
import { collectUsage } from "./usage-registry";

// Prometheus metrics of the REST proxy plus every registered usage source. The registry lives on globalThis: the
// route handlers and server components are bundled separately by Next but must report into one registry.

const METRICS = Symbol.for("trading-explorer.metrics");

export interface ProxyGaugeReading {
  creditsSpent: Record<string, number>;
  savedByCache: Record<string, number>;
  savedByCoalescing: Record<string, number>;
  spentToday: number;
  budgetPerDay: number | null;
  cacheBytes: number;
  cacheEntries: number;
  cacheEvictions: number;
  /** 0 closed, 1 half-open, 2 open. */
  circuit: number;
  inFlight: number;
}

export interface Metrics {
  registry: Registry;
  request(endpoint: string, method: string, status: number, cache: string, seconds: number): void;
  upstream(endpoint: string, outcome: string, seconds: number): void;
  cache(endpoint: string, result: string): void;
  /** Where scrape-time gauges read the proxy's state from. */
  setProxyReader(read: () => ProxyGaugeReading): void;
}

const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(): Metrics {
  const registry = new Registry();
  let readProxy: (() => ProxyGaugeReading) | undefined;
  const reading = () => {
    try {
      return readProxy?.();
    } catch {
      return undefined;
    }
  };

  const requestChildren = new Map<string, { observe(v: number): void }>();
  const cacheChildren = new Map<string, { inc(): void }>();
  const child = <C>(children: Map<string, C>, key: string, make: () => C): C => {
    let c = children.get(key);
    if (!c) {
      c = make();
      children.set(key, c);
    }
    return c;
  };

  const latency = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Histogram<L>({ name, help, labelNames, buckets: LATENCY_BUCKETS, registers: [registry] });
  const requestDuration = latency(
    "explorer_proxy_request_duration_seconds",
    "Time to answer /api/v1 requests, by endpoint, status and cache result",
    ["endpoint", "method", "status", "cache"],
  );
  const upstreamDuration = latency(
    "explorer_upstream_request_duration_seconds",
    "Time of calls to the market-data service, by endpoint and outcome",
    ["endpoint", "outcome"],
  );
  const cacheResults = new Counter({
    name: "explorer_proxy_cache_results_total",
    help: "Cache lookups by endpoint and result (hit, stale, miss, coalesced, degraded)",
    labelNames: ["endpoint", "result"] as const,
    registers: [registry],
  });

  const perEndpoint = (name: string, help: string, pick: (r: ProxyGaugeReading) => Record<string, number>) =>
    new Gauge({
      name,
      help,
      labelNames: ["endpoint"] as const,
      registers: [registry],
      collect() {
        const r = reading();
        this.reset();
        if (r) for (const [endpoint, v] of Object.entries(pick(r))) this.set({ endpoint }, v);
      },
    });
  perEndpoint("explorer_proxy_credits_spent", "Upstream credits spent since start, by endpoint", (r) => r.creditsSpent);
  perEndpoint(
    "explorer_proxy_credits_saved_by_cache",
    "Upstream credits saved by cache hits since start",
    (r) => r.savedByCache,
  );
  perEndpoint(
    "explorer_proxy_credits_saved_by_coalescing",
    "Upstream credits saved by request coalescing since start",
    (r) => r.savedByCoalescing,
  );

  const scalar = (name: string, help: string, pick: (r: ProxyGaugeReading) => number | null) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const v = reading();
        const n = v ? pick(v) : null;
        if (n !== null) this.set(n);
      },
    });
  scalar("explorer_proxy_credits_spent_today", "Upstream credits spent in the current UTC day", (r) => r.spentToday);
  scalar(
    "explorer_proxy_credit_budget_per_day",
    "Configured daily credit budget (absent when unlimited)",
    (r) => r.budgetPerDay,
  );
  scalar("explorer_proxy_cache_bytes", "Bytes held by the REST cache", (r) => r.cacheBytes);
  scalar("explorer_proxy_cache_entries", "Entries in the REST cache", (r) => r.cacheEntries);
  scalar("explorer_proxy_cache_evictions", "Entries evicted from the REST cache since start", (r) => r.cacheEvictions);
  scalar("explorer_proxy_circuit_state", "Upstream circuit: 0 closed, 1 half-open, 2 open", (r) => r.circuit);
  scalar("explorer_proxy_upstream_in_flight", "Distinct upstream calls in flight", (r) => r.inFlight);

  new Gauge({
    name: "explorer_usage",
    help: "Numeric figures of every registered usage source (stream gateway, proxy, embedded market)",
    labelNames: ["source", "name"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [source, values] of Object.entries(collectUsage()))
        for (const [name, v] of Object.entries(values)) if (typeof v === "number") this.set({ source, name }, v);
    },
  });

  return {
    registry,
    // Children per label set, kept: prom-client hashes a label object on every call, which costs more than a cache
    // hit. Bounded: endpoints are the registry's (or "unknown"), statuses and cache results a handful each.
    request: (endpoint, method, status, cache, seconds) =>
      child(requestChildren, `${endpoint} ${method} ${status} ${cache}`, () =>
        requestDuration.labels({ endpoint, method, status: String(status), cache }),
      ).observe(seconds),
    upstream: (endpoint, outcome, seconds) => upstreamDuration.observe({ endpoint, outcome }, seconds),
    cache: (endpoint, result) =>
      child(cacheChildren, `${endpoint} ${result}`, () => cacheResults.labels({ endpoint, result })).inc(),
    setProxyReader: (read) => {
      readProxy = read;
    },
  };
}

/** The process-wide metrics (one registry however many bundles load this module). */
export function getMetrics(): Metrics {
  const holder = globalThis as { [METRICS]?: Metrics };
  holder[METRICS] ??= createMetrics();
  return holder[METRICS];
}
