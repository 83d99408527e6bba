import { describe, expect, it } from "vitest";
import { ConfigError, defaultCreditBudget, loadConfig, loadSimConfig } from "./config";

const remote = {
  MARKET_API_URL: "https://api.example.com/",
  MARKET_STREAM_URL: "wss://stream.example.com",
  MARKET_API_KEY: "secret-key",
};

function failure(env: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error("expected loadConfig to throw");
}

describe("loadConfig", () => {
  it("uses the embedded market and defaults when nothing is set", () => {
    const config = loadConfig({});
    expect(config.upstream).toEqual({ kind: "embedded" });
    expect(config).toMatchObject({ host: "0.0.0.0", port: 3000, logLevel: "info", sim: { seed: 42, speed: 1 } });
    // A day's budget by default, sized from the plan: polling and the stream at full rate all day, doubled for pages.
    expect(config.proxy.creditBudgetPerDay).toBe(defaultCreditBudget(6_000, 5));
    expect(defaultCreditBudget(6_000, 5)).toBe(17_294_400);
    expect(config.streamAddressShare).toBe(0.2);
    expect(config.streamPerIp).toEqual({ connections: 2_000, exemptLoopback: false });
    expect(config.allowedOrigins).toEqual([]);
  });

  it("treats blank values as unset", () => {
    const config = loadConfig({ MARKET_API_URL: "", MARKET_STREAM_URL: " ", MARKET_API_KEY: "", PORT: "" });
    expect(config.upstream.kind).toBe("embedded");
    expect(config.port).toBe(3000);
  });

  it("uses the remote upstream when all three variables are set", () => {
    expect(loadConfig(remote).upstream).toEqual({
      kind: "remote",
      baseUrl: "https://api.example.com",
      streamUrl: "wss://stream.example.com",
      key: "secret-key",
    });
  });

  it.each(["MARKET_API_URL", "MARKET_STREAM_URL", "MARKET_API_KEY"] as const)(
    "fails naming %s when only it is missing",
    (name) => {
      const error = failure({ ...remote, [name]: undefined });
      expect(error.message).toMatch(new RegExp(`^${name} is missing`));
      expect(error.message).not.toContain("\n");
    },
  );

  it("fails naming the first missing variable when only one is set", () => {
    expect(failure({ MARKET_API_URL: "https://api.example.com" }).message).toMatch(/^MARKET_STREAM_URL is missing/);
  });

  it("fails on an empty key when the URLs are set", () => {
    expect(failure({ ...remote, MARKET_API_KEY: "" }).message).toMatch(/^MARKET_API_KEY is empty/);
  });

  it("fails on a malformed or non-http API URL", () => {
    expect(failure({ ...remote, MARKET_API_URL: "not a url" }).message).toMatch(/^MARKET_API_URL must be/);
    expect(failure({ ...remote, MARKET_API_URL: "ftp://api.example.com" }).message).toMatch(/^MARKET_API_URL/);
    expect(failure({ ...remote, MARKET_API_URL: "https://user:pw@api.example.com" }).message).toMatch(
      /^MARKET_API_URL/,
    );
  });

  it("fails on a stream URL that is not ws(s)", () => {
    expect(failure({ ...remote, MARKET_STREAM_URL: "https://stream.example.com" }).message).toMatch(
      /^MARKET_STREAM_URL must be a ws or wss URL/,
    );
  });

  it("never puts the key in an error message", () => {
    const error = failure({ ...remote, MARKET_STREAM_URL: "nope" });
    expect(error.message).not.toContain(remote.MARKET_API_KEY);
  });

  it("parses the simulation, port, budget and origin settings", () => {
    const config = loadConfig({
      PORT: "3210",
      HOST: "127.0.0.1",
      SIM_SEED: "7",
      SIM_SPEED: "2.5",
      LOG_LEVEL: "debug",
      MARKET_CREDIT_BUDGET: "5000",
      ALLOWED_ORIGINS: "https://a.example.com/, http://localhost:3000",
      STREAM_ADDRESS_SHARE: "0.5",
      STREAM_MAX_READ_LAG_MS: "2500",
      PUBLIC_URL: "https://explorer.example.com/some/path",
    });
    expect(config).toMatchObject({
      streamPerIp: { connections: 2_000, exemptLoopback: false },
      streamAddressShare: 0.5,
      streamBrowser: { maxUnreadBytes: 4 * 1024 * 1024, maxReadLagMs: 2500 },
      publicUrl: "https://explorer.example.com",
      host: "127.0.0.1",
      port: 3210,
      logLevel: "debug",
      sim: { seed: 7, speed: 2.5 },
      proxy: { creditBudgetPerDay: 5000, logLevel: "debug" },
      allowedOrigins: ["https://a.example.com", "http://localhost:3000"],
    });
  });

  it("takes MARKET_CREDIT_BUDGET=0 as no daily budget, by explicit choice, and sizes the default from the plan", () => {
    expect(loadConfig({ MARKET_CREDIT_BUDGET: "0" }).proxy.creditBudgetPerDay).toBeUndefined();
    expect(loadConfig({ POLL_CREDITS_PER_MINUTE: "1000", STREAM_MAX_CONNECTIONS: "2" }).proxy.creditBudgetPerDay).toBe(
      (1_000 + 2) * 1_440 * 2,
    );
    expect(loadConfig({ STREAM_ADDRESS_SHARE: "1" }).streamAddressShare).toBe(1);
    expect(loadConfig({ STREAM_ADDRESS_SHARE: ".25" }).streamAddressShare).toBe(0.25);
  });

  it("turns fleet mode on with REDIS_URL and keeps one process without it", () => {
    expect(loadConfig({}).fleet).toEqual({ redisUrl: undefined, expectedInstances: 3 });
    const fleet = loadConfig({ REDIS_URL: "redis://:secret@127.0.0.1:6390/2", FLEET_EXPECTED_INSTANCES: "5" }).fleet;
    expect(fleet).toEqual({ redisUrl: "redis://:secret@127.0.0.1:6390/2", expectedInstances: 5 });
  });

  it.each([
    [{ REDIS_URL: "http://127.0.0.1:6379" }, /^REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/],
    [{ FLEET_EXPECTED_INSTANCES: "0" }, /^FLEET_EXPECTED_INSTANCES must be >= 1/],
    [{ PORT: "abc" }, /^PORT must be an integer/],
    [{ PORT: "70000" }, /^PORT must be <= 65535/],
    [{ SIM_SEED: "1.5" }, /^SIM_SEED must be an integer/],
    [{ SIM_SPEED: "0" }, /^SIM_SPEED must be > 0/],
    [{ SIM_SPEED: "fast" }, /^SIM_SPEED must be a number/],
    [{ LOG_LEVEL: "loud" }, /^LOG_LEVEL must be one of/],
    [{ MARKET_CREDIT_BUDGET: "-1" }, /^MARKET_CREDIT_BUDGET must be >= 0/],
    [{ ALLOWED_ORIGINS: "javascript:alert(1)" }, /^ALLOWED_ORIGINS/],
    [{ STREAM_ADDRESS_SHARE: "1.5" }, /^STREAM_ADDRESS_SHARE must be a fraction/],
    [{ STREAM_ADDRESS_SHARE: "0.001" }, /^STREAM_ADDRESS_SHARE must be >= 0.01/],
    [{ STREAM_ADDRESS_SHARE: "fifth" }, /^STREAM_ADDRESS_SHARE must be a fraction/],
    [{ PUBLIC_URL: "javascript:alert(1)" }, /^PUBLIC_URL must be a http or https URL/],
    [{ STREAM_IP_MAX_CONNECTIONS: "0" }, /^STREAM_IP_MAX_CONNECTIONS must be >= 1/],
  ])("rejects %o", (env, message) => {
    expect(failure(env).message).toMatch(message);
  });
});

describe("loadConfig: proxy settings", () => {
  it("has defaults for everything", () => {
    expect(loadConfig({}).proxy).toEqual({
      cacheMaxBytes: 64 * 1024 * 1024,
      upstreamTimeoutMs: 2_500,
      rateLimitPerSec: 20,
      rateLimitBurst: 60,
      breakerFailures: 5,
      breakerOpenMs: 10_000,
      trustProxy: 0,
      creditBudgetPerDay: 17_294_400,
      logLevel: "info",
      metricsToken: undefined,
    });
  });

  it("reads the environment, blanks counting as unset", () => {
    const s = loadConfig({
      PROXY_CACHE_MB: "8",
      TRUST_PROXY: "1",
      MARKET_CREDIT_BUDGET: "5000",
      PROXY_RATE_LIMIT_RPS: "0",
      LOG_LEVEL: " ",
    }).proxy;
    expect(s).toMatchObject({
      cacheMaxBytes: 8 * 1024 * 1024,
      trustProxy: 1,
      creditBudgetPerDay: 5000,
      rateLimitPerSec: 0,
      logLevel: "info",
    });
  });

  it("names the variable in a one-line error", () => {
    expect(() => loadConfig({ PROXY_UPSTREAM_TIMEOUT_MS: "5" }).proxy).toThrow(
      new ConfigError("PROXY_UPSTREAM_TIMEOUT_MS must be >= 100"),
    );
    expect(() => loadConfig({ TRUST_PROXY: "yes" }).proxy).toThrow(/TRUST_PROXY must be a number of proxies/);
    expect(loadConfig({ TRUST_PROXY: "2" }).proxy.trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "true" }).proxy.trustProxy).toBe(1);
    expect(() => loadConfig({ PROXY_CACHE_MB: "-1" }).proxy).toThrow(/PROXY_CACHE_MB must be a whole number/);
    expect(() => loadConfig({ METRICS_TOKEN: "short" }).proxy).toThrow(/METRICS_TOKEN must be at least 16 characters/);
  });
});

describe("loadSimConfig", () => {
  it("reads SIM_* by the same schema and defaults as the server's configuration", () => {
    expect(loadSimConfig({})).toEqual(loadConfig({}).sim);
    expect(loadSimConfig({}).port).toBe(0);
    const env = { SIM_PORT: "4010", SIM_SEED: "7", SIM_SPEED: "4", SIM_KEY: "k".repeat(16) };
    expect(loadSimConfig(env)).toEqual(loadConfig(env).sim);
    expect(() => loadSimConfig({ SIM_PORT: "70000" })).toThrow(/SIM_PORT must be <= 65535/);
    // The explorer's own variables are not the standalone market's concern.
    expect(() => loadSimConfig({ PORT: "x" })).not.toThrow();
  });
});
