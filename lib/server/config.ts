import { z } from "zod";

// The one place the environment is read: every variable the server uses, validated once by ENV_SCHEMA (the README's
// configuration table and .env.example list exactly these). Loaded by server.ts outside Next, so no
// `import "server-only"` here.

export class ConfigError extends Error {
  override name = "ConfigError";
}

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type UpstreamConfig = { kind: "embedded" } | { kind: "remote"; baseUrl: string; streamUrl: string; key: string };

/** Tunables of the REST proxy (docs/proxy.md). */
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

export interface Config {
  host: string;
  port: number;
  logLevel: LogLevel;
  /** Embedded market: port 0 = any free loopback port; key undefined = a random key per start. */
  sim: { seed: number; speed: number; port: number; key: string | undefined };
  allowedOrigins: string[];
  /** Public origin of the site (absolute links in shared previews: OpenGraph images); undefined = the request's. */
  publicUrl: string | undefined;
  /** Per client address: the abuse ceiling on stream connections; loopback as one address per connection (tests). */
  streamPerIp: { connections: number; exemptLoopback: boolean };
  /** STREAM_ADDRESS_SHARE: the most one client address holds of the streamed slots, tracked tokens and poll credits. */
  streamAddressShare: number;
  /** Slow browsers: bytes written they have not read, and how long a read-lag probe may wait (gateway/read-lag.ts). */
  streamBrowser: { maxUnreadBytes: number; maxReadLagMs: number };
  /** /api/image: icon hosts added to the defaults, and the per-address request rate. */
  image: { extraHosts: string[]; rateLimitPerSec: number; rateLimitBurst: number };
  /** The key's stream budget (§8, raised on request) and the credits a minute polling may spend beyond it. */
  streamBudget: { connections: number; subscriptionsPerConnection: number; trackedTokens: number; pulseReserve: number };
  pollCreditsPerMinute: number;
  upstream: UpstreamConfig;
  proxy: ProxySettings;
  /** Fleet mode (several instances sharing one key through Redis); redisUrl undefined = one process, no Redis. */
  fleet: FleetConfig;
}

export interface FleetConfig {
  redisUrl: string | undefined;
  /** Instances expected behind the balancer: without Redis each takes 1/this of the key's stream budget. */
  expectedInstances: number;
}

type Env = Record<string, string | undefined>;

const UPSTREAM_VARS = ["MARKET_API_URL", "MARKET_STREAM_URL", "MARKET_API_KEY"] as const;

const urlWithProtocols = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      if (!URL.canParse(value)) return false;
      const url = new URL(value);
      return protocols.includes(url.protocol) && url.hostname !== "" && !url.username && !url.password;
    },
    { message: `must be a ${protocols.map((p) => p.replace(":", "")).join(" or ")} URL without credentials` },
  );

const int = (min: number, max: number) =>
  z
    .string()
    .regex(/^-?\d+$/, "must be an integer")
    .transform(Number)
    .pipe(z.number().int().min(min, `must be >= ${min}`).max(max, `must be <= ${max}`));

const count = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().int().min(min, `must be >= ${min}`).max(max, `must be <= ${max}`));

export const ENV_SCHEMA = z.object({
  HOST: z.string().default("0.0.0.0"),
  PORT: int(0, 65_535).default(3000),
  LOG_LEVEL: z.enum(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(", ")}`).default("info"),
  SIM_SEED: int(-2_147_483_648, 2_147_483_647).default(42),
  SIM_SPEED: z
    .string()
    .refine((v) => v.trim() !== "" && Number.isFinite(Number(v)), "must be a number")
    .transform(Number)
    .pipe(z.number().gt(0, "must be > 0"))
    .default(1),
  SIM_PORT: int(0, 65_535).default(0),
  SIM_KEY: z.string().min(16, "must be at least 16 characters").optional(),
  MARKET_CREDIT_BUDGET: int(0, Number.MAX_SAFE_INTEGER).optional(), // unset: sized from the plan (defaultCreditBudget); 0 = unlimited
  ALLOWED_ORIGINS: z.string().optional(),
  PUBLIC_URL: urlWithProtocols(["http:", "https:"]).optional(),
  STREAM_IP_MAX_CONNECTIONS: int(1, 100_000).default(2_000), // an abuse ceiling: an office or a carrier's address fits
  STREAM_IP_EXEMPT_LOOPBACK: z.enum(["0", "1"], "must be 0 or 1").default("0"), // the app's own tests only
  STREAM_ADDRESS_SHARE: z
    .string()
    .regex(/^(0?\.\d+|1(\.0+)?|0)$/, "must be a fraction from 0.01 to 1, like 0.2")
    .transform(Number)
    .pipe(z.number().min(0.01, "must be >= 0.01").max(1, "must be <= 1"))
    .default(0.2),
  STREAM_MAX_CONNECTIONS: int(1, 1_000).default(5), // §8 defaults; an operator whose limit was raised sets them
  STREAM_MAX_SUBSCRIPTIONS: int(1, 10_000).default(20),
  STREAM_MAX_TRACKED: int(0, 100_000).default(50),
  STREAM_PULSE_RESERVE: int(0, 100).default(4),
  // A browser that stops reading: bytes written it has not read, and how long it may leave a read-lag probe unanswered.
  STREAM_MAX_UNREAD_BYTES: int(64 * 1024, 1024 * 1024 * 1024).default(4 * 1024 * 1024),
  STREAM_MAX_READ_LAG_MS: int(500, 3_600_000).default(3_000),
  // /api/image: icon hosts beyond the defaults (comma-separated; *.example.com = its subdomains; * = any public host)
  IMAGE_ALLOWED_HOSTS: z
    .string()
    .regex(/^\s*(\*|(\*\.)?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*)?\s*(,\s*(\*|(\*\.)?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*)\s*)*$/, "must be a comma-separated list of host names (*.example.com for subdomains, * for any)")
    .optional(),
  IMAGE_RATE_LIMIT_RPS: count(1, 100_000).default(50), // per client address; a pulse board shows 300 icons at once
  IMAGE_RATE_LIMIT_BURST: count(1, 1_000_000).default(600),
  POLL_CREDITS_PER_MINUTE: int(0, 10_000_000).default(6_000),
  MARKET_API_URL: urlWithProtocols(["http:", "https:"]).optional(),
  MARKET_STREAM_URL: urlWithProtocols(["ws:", "wss:"]).optional(),
  MARKET_API_KEY: z.string().optional(),
  PROXY_CACHE_MB: count(1, 65_536).default(64),
  PROXY_UPSTREAM_TIMEOUT_MS: count(100, 120_000).default(2_500), // a page waits for no upstream call longer than this
  PROXY_RATE_LIMIT_RPS: count(0, 100_000).default(20),
  PROXY_RATE_LIMIT_BURST: count(1, 1_000_000).default(60),
  PROXY_BREAKER_FAILURES: count(1, 1_000).default(5),
  PROXY_BREAKER_OPEN_MS: count(100, 600_000).default(10_000),
  TRUST_PROXY: z
    .string()
    .regex(/^([0-9]|true|false)$/, "must be a number of proxies from 0 to 9 (1 = one reverse proxy)")
    .transform((v) => (v === "true" ? 1 : v === "false" ? 0 : Number(v)))
    .default(0),
  METRICS_TOKEN: z
    .string()
    .min(16, "must be at least 16 characters")
    .max(256, "must be at most 256 characters")
    .optional(),
  REDIS_URL: z
    .string()
    .refine(
      (value) => URL.canParse(value) && ["redis:", "rediss:"].includes(new URL(value).protocol),
      "must be a redis:// or rediss:// URL",
    )
    .optional(),
  FLEET_EXPECTED_INSTANCES: count(1, 64).default(3),
});

export type EnvVars = z.infer<typeof ENV_SCHEMA>;

/** Polling at its full rate may use at most this part of a day's default budget; pages' own reads have the rest. */
const POLL_PART_OF_DEFAULT_BUDGET = 0.5;

/**
 * The day's credit budget when MARKET_CREDIT_BUDGET is unset, sized from the key's plan as configured: what polling at
 * POLL_CREDITS_PER_MINUTE and the stream at STREAM_MAX_CONNECTIONS (1 credit per connection-minute, §8) spend in a
 * whole day, doubled so that pages' own REST reads have as much again (17,287,200 at the defaults).
 */
export function defaultCreditBudget(pollCreditsPerMinute: number, streamConnections: number): number {
  return Math.round(((pollCreditsPerMinute + streamConnections) * 1_440) / POLL_PART_OF_DEFAULT_BUDGET);
}

/** Empty strings count as unset, so a copied `.env.example` with blank values just works. */
function present(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === "" ? undefined : value.trim();
}

function parseOrigins(csv: string | undefined): string[] {
  if (!csv) return [];
  return csv
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const parsed = URL.canParse(item) ? new URL(item) : undefined;
      if (!parsed || (parsed.protocol !== "http:" && parsed.protocol !== "https:")) {
        throw new ConfigError(`ALLOWED_ORIGINS: "${item}" is not an http(s) origin`);
      }
      return parsed.origin;
    });
}

function resolveUpstream(env: Env, parsed: EnvVars): UpstreamConfig {
  const set = UPSTREAM_VARS.filter((name) => present(env, name) !== undefined);
  if (set.length === 0) return { kind: "embedded" };
  const missing = UPSTREAM_VARS.find((name) => present(env, name) === undefined);
  if (missing) {
    const state = env[missing] === undefined ? "is missing" : "is empty";
    throw new ConfigError(
      `${missing} ${state}: set MARKET_API_URL, MARKET_STREAM_URL and MARKET_API_KEY together, or none of them to use the embedded market`,
    );
  }
  return {
    kind: "remote",
    baseUrl: (parsed.MARKET_API_URL as string).replace(/\/+$/, ""),
    streamUrl: (parsed.MARKET_STREAM_URL as string).replace(/\/+$/, ""),
    key: parsed.MARKET_API_KEY as string,
  };
}

/** Checks the variables `schema` names (blank ones as unset); a ConfigError's message is one line naming the variable. */
function parseEnv<S extends z.ZodObject>(schema: S, env: Env): z.infer<S> {
  const cleaned = Object.fromEntries(Object.keys(schema.shape).map((name) => [name, present(env, name)]));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? "environment");
    throw new ConfigError(`${name} ${issue?.message ?? "is invalid"}`);
  }
  return result.data;
}

const SIM_SCHEMA = ENV_SCHEMA.pick({ SIM_SEED: true, SIM_SPEED: true, SIM_PORT: true, SIM_KEY: true });

function simConfig(parsed: z.infer<typeof SIM_SCHEMA>): Config["sim"] {
  return { seed: parsed.SIM_SEED, speed: parsed.SIM_SPEED, port: parsed.SIM_PORT, key: parsed.SIM_KEY };
}

/**
 * The embedded market's settings alone (SIM_*), by the same schema: what `npm run sim` (sim.ts) starts from, without
 * the explorer's variables it does not use.
 */
export function loadSimConfig(env: Env = process.env): Config["sim"] {
  return simConfig(parseEnv(SIM_SCHEMA, env));
}

/** Parses the environment once; throws a ConfigError whose message is one line naming the variable. */
export function loadConfig(env: Env = process.env): Config {
  const parsed = parseEnv(ENV_SCHEMA, env);
  return {
    host: parsed.HOST,
    port: parsed.PORT,
    logLevel: parsed.LOG_LEVEL,
    sim: simConfig(parsed),
    allowedOrigins: parseOrigins(parsed.ALLOWED_ORIGINS),
    publicUrl: parsed.PUBLIC_URL ? new URL(parsed.PUBLIC_URL).origin : undefined,
    streamPerIp: { connections: parsed.STREAM_IP_MAX_CONNECTIONS, exemptLoopback: parsed.STREAM_IP_EXEMPT_LOOPBACK === "1" },
    streamAddressShare: parsed.STREAM_ADDRESS_SHARE,
    image: {
      extraHosts: (parsed.IMAGE_ALLOWED_HOSTS ?? "").split(",").map((h) => h.trim().toLowerCase()).filter(Boolean),
      rateLimitPerSec: parsed.IMAGE_RATE_LIMIT_RPS,
      rateLimitBurst: parsed.IMAGE_RATE_LIMIT_BURST,
    },
    streamBrowser: { maxUnreadBytes: parsed.STREAM_MAX_UNREAD_BYTES, maxReadLagMs: parsed.STREAM_MAX_READ_LAG_MS },
    streamBudget: {
      connections: parsed.STREAM_MAX_CONNECTIONS,
      subscriptionsPerConnection: parsed.STREAM_MAX_SUBSCRIPTIONS,
      trackedTokens: parsed.STREAM_MAX_TRACKED,
      pulseReserve: parsed.STREAM_PULSE_RESERVE,
    },
    pollCreditsPerMinute: parsed.POLL_CREDITS_PER_MINUTE,
    upstream: resolveUpstream(env, parsed),
    proxy: {
      cacheMaxBytes: parsed.PROXY_CACHE_MB * 1024 * 1024,
      upstreamTimeoutMs: parsed.PROXY_UPSTREAM_TIMEOUT_MS,
      rateLimitPerSec: parsed.PROXY_RATE_LIMIT_RPS,
      rateLimitBurst: parsed.PROXY_RATE_LIMIT_BURST,
      breakerFailures: parsed.PROXY_BREAKER_FAILURES,
      breakerOpenMs: parsed.PROXY_BREAKER_OPEN_MS,
      trustProxy: parsed.TRUST_PROXY,
      creditBudgetPerDay:
        parsed.MARKET_CREDIT_BUDGET === undefined
          ? defaultCreditBudget(parsed.POLL_CREDITS_PER_MINUTE, parsed.STREAM_MAX_CONNECTIONS)
          : parsed.MARKET_CREDIT_BUDGET === 0
            ? undefined
            : parsed.MARKET_CREDIT_BUDGET,
      logLevel: parsed.LOG_LEVEL,
      metricsToken: parsed.METRICS_TOKEN,
    },
    fleet: { redisUrl: parsed.REDIS_URL, expectedInstances: parsed.FLEET_EXPECTED_INSTANCES },
  };
}

/** Every variable at its default, as an empty environment gives them (tests, benchmarks). */
export function defaultConfig(): Config {
  return loadConfig({});
}
