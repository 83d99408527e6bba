import { describe, expect, it } from "vitest";
import { ConfigError } from "./config";
import { loadProxySettings } from "./proxy-settings";

describe("proxy settings", () => {
  it("has defaults for everything", () => {
    expect(loadProxySettings({})).toEqual({
      cacheMaxBytes: 64 * 1024 * 1024,
      upstreamTimeoutMs: 8_000,
      rateLimitPerSec: 20,
      rateLimitBurst: 60,
      breakerFailures: 5,
      breakerOpenMs: 10_000,
      trustProxy: 0,
      creditBudgetPerDay: undefined,
      logLevel: "info",
      metricsToken: undefined,
    });
  });

  it("reads the environment, blanks counting as unset", () => {
    const s = loadProxySettings({
      PROXY_CACHE_MB: "8",
      TRUST_PROXY: "1",
      MARKET_CREDIT_BUDGET: "5000",
      PROXY_RATE_LIMIT_RPS: "0",
      LOG_LEVEL: " ",
    });
    expect(s).toMatchObject({
      cacheMaxBytes: 8 * 1024 * 1024,
      trustProxy: 1,
      creditBudgetPerDay: 5000,
      rateLimitPerSec: 0,
      logLevel: "info",
    });
  });

  it("names the variable in a one-line error", () => {
    expect(() => loadProxySettings({ PROXY_UPSTREAM_TIMEOUT_MS: "5" })).toThrow(
      new ConfigError("PROXY_UPSTREAM_TIMEOUT_MS must be >= 100"),
    );
    expect(() => loadProxySettings({ TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY must be a number of proxies/);
    expect(loadProxySettings({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadProxySettings({ TRUST_PROXY: "true" }).trustProxy).toBe(1);
    expect(() => loadProxySettings({ PROXY_CACHE_MB: "-1" })).toThrow(/PROXY_CACHE_MB must be a whole number/);
    expect(() => loadProxySettings({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
  });
});
