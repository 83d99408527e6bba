import { z } from "zod";

// Loaded by server.ts outside Next, so no `import "server-only"` here.

export class ConfigError extends Error {
  override name = "ConfigError";
}

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type UpstreamConfig = { kind: "embedded" } | { kind: "remote"; baseUrl: string; streamUrl: string; key: string };

export interface Config {
  host: string;
  port: number;
  logLevel: LogLevel;
  /** Embedded market: port 0 = any free loopback port; key undefined = a random key per start. */
  sim: { seed: number; speed: number; port: number; key: string | undefined };
  creditBudget: number | undefined;
  allowedOrigins: string[];
  /** Public origin of the site (absolute links in shared previews: OpenGraph images); undefined = the request's. */
  publicUrl: string | undefined;
  /** The stream gateway's share of the key's budget per client address (loopback is not limited). */
  streamPerIp: { connections: number; trackedTokens: number };
  upstream: UpstreamConfig;
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

export const CONFIG_ENV_SCHEMA = z.object({
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
  MARKET_CREDIT_BUDGET: int(1, Number.MAX_SAFE_INTEGER).optional(),
  ALLOWED_ORIGINS: z.string().optional(),
  PUBLIC_URL: urlWithProtocols(["http:", "https:"]).optional(),
  STREAM_IP_MAX_CONNECTIONS: int(1, 100_000).default(20),
  STREAM_IP_MAX_TRACKED: int(1, 50).default(20), // §8: the key tracks at most 50 tokens or pools in all
  MARKET_API_URL: urlWithProtocols(["http:", "https:"]).optional(),
  MARKET_STREAM_URL: urlWithProtocols(["ws:", "wss:"]).optional(),
  MARKET_API_KEY: z.string().optional(),
});

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

function resolveUpstream(env: Env, parsed: z.infer<typeof CONFIG_ENV_SCHEMA>): UpstreamConfig {
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

/** Parses the environment once; throws a ConfigError whose message is one line naming the variable. */
export function loadConfig(env: Env = process.env): Config {
  const cleaned = Object.fromEntries(Object.keys(CONFIG_ENV_SCHEMA.shape).map((name) => [name, present(env, name)]));
  const result = CONFIG_ENV_SCHEMA.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? "environment");
    throw new ConfigError(`${name} ${issue?.message ?? "is invalid"}`);
  }
  const parsed = result.data;
  return {
    host: parsed.HOST,
    port: parsed.PORT,
    logLevel: parsed.LOG_LEVEL,
    sim: { seed: parsed.SIM_SEED, speed: parsed.SIM_SPEED, port: parsed.SIM_PORT, key: parsed.SIM_KEY },
    creditBudget: parsed.MARKET_CREDIT_BUDGET,
    allowedOrigins: parseOrigins(parsed.ALLOWED_ORIGINS),
    publicUrl: parsed.PUBLIC_URL ? new URL(parsed.PUBLIC_URL).origin : undefined,
    streamPerIp: { connections: parsed.STREAM_IP_MAX_CONNECTIONS, trackedTokens: parsed.STREAM_IP_MAX_TRACKED },
    upstream: resolveUpstream(env, parsed),
  };
}
