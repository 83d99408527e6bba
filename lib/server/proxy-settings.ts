import { z } from "zod";
import { ConfigError, LOG_LEVELS, type LogLevel } from "./config";

// Tunables of the REST proxy (all optional; docs/proxy.md lists them). Parsed once per proxy instance.

export interface ProxySettings {
  cacheMaxBytes: number;
  upstreamTimeoutMs: number;
  /** 0 disables per-IP rate limiting. */
  rateLimitPerSec: number;
  rateLimitBurst: number;
  breakerFailures: number;
  breakerOpenMs: number;
  /** Reverse proxies in front of this server: the client IP is the X-Forwarded-For entry this many from the right (0 = socket address). */
  trustProxy: number;
  creditBudgetPerDay: number | undefined;
  logLevel: LogLevel;
  /** Bearer token that opens /api/metrics to non-loopback callers (unset = loopback only). */
  metricsToken: string | undefined;
}

type Env = Record<string, string | undefined>;

const int = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().int().min(min, `must be >= ${min}`).max(max, `must be <= ${max}`));

export const PROXY_ENV_SCHEMA = z.object({
  PROXY_CACHE_MB: int(1, 65_536).default(64),
  PROXY_UPSTREAM_TIMEOUT_MS: int(100, 120_000).default(8_000),
  PROXY_RATE_LIMIT_RPS: int(0, 100_000).default(20),
  PROXY_RATE_LIMIT_BURST: int(1, 1_000_000).default(60),
  PROXY_BREAKER_FAILURES: int(1, 1_000).default(5),
  PROXY_BREAKER_OPEN_MS: int(100, 600_000).default(10_000),
  TRUST_PROXY: z
    .string()
    .regex(/^([0-9]|true|false)$/, "must be a number of proxies from 0 to 9 (1 = one reverse proxy)")
    .transform((v) => (v === "true" ? 1 : v === "false" ? 0 : Number(v)))
    .default(0),
  MARKET_CREDIT_BUDGET: int(1, Number.MAX_SAFE_INTEGER).optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
  METRICS_TOKEN: z
    .string()
    .min(16, "must be at least 16 characters")
    .max(256, "must be at most 256 characters")
    .optional(),
});

export function loadProxySettings(env: Env = process.env): ProxySettings {
  const cleaned = Object.fromEntries(
    Object.keys(PROXY_ENV_SCHEMA.shape).map((k) => [
      k,
      env[k] === undefined || env[k]?.trim() === "" ? undefined : env[k]?.trim(),
    ]),
  );
  const r = PROXY_ENV_SCHEMA.safeParse(cleaned);
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new ConfigError(`${String(issue?.path[0] ?? "environment")} ${issue?.message ?? "is invalid"}`);
  }
  const p = r.data;
  return {
    cacheMaxBytes: p.PROXY_CACHE_MB * 1024 * 1024,
    upstreamTimeoutMs: p.PROXY_UPSTREAM_TIMEOUT_MS,
    rateLimitPerSec: p.PROXY_RATE_LIMIT_RPS,
    rateLimitBurst: p.PROXY_RATE_LIMIT_BURST,
    breakerFailures: p.PROXY_BREAKER_FAILURES,
    breakerOpenMs: p.PROXY_BREAKER_OPEN_MS,
    trustProxy: p.TRUST_PROXY,
    creditBudgetPerDay: p.MARKET_CREDIT_BUDGET,
    logLevel: p.LOG_LEVEL,
    metricsToken: p.METRICS_TOKEN,
  };
}
