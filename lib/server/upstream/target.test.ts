import { afterEach, describe, expect, it, vi } from "vitest";
import { setRuntimeConfig } from "../runtime";
import { getUpstreamTarget, setUpstreamTarget, upstreamKind } from "./target";

afterEach(() => {
  setUpstreamTarget(undefined);
  // Each test stubs its own environment: the next read parses it again.
  setRuntimeConfig(undefined);
  vi.unstubAllEnvs();
});

describe("upstream target", () => {
  it("returns the target set by the server", () => {
    const target = {
      kind: "embedded",
      baseUrl: "http://127.0.0.1:1",
      streamUrl: "ws://127.0.0.1:1",
      key: "k",
    } as const;
    setUpstreamTarget(target);
    expect(getUpstreamTarget()).toEqual(target);
    expect(Object.isFrozen(getUpstreamTarget())).toBe(true);
  });

  it("is shared through globalThis", () => {
    setUpstreamTarget({ kind: "remote", baseUrl: "https://a", streamUrl: "wss://a", key: "k" });
    const holder = globalThis as Record<symbol, unknown>;
    expect(holder[Symbol.for("trading-explorer.upstream")]).toMatchObject({ kind: "remote" });
  });

  it("falls back to a remote config when unset", () => {
    vi.stubEnv("MARKET_API_URL", "https://api.example.com");
    vi.stubEnv("MARKET_STREAM_URL", "wss://stream.example.com");
    vi.stubEnv("MARKET_API_KEY", "k");
    expect(getUpstreamTarget()).toMatchObject({ kind: "remote", baseUrl: "https://api.example.com" });
  });

  it("throws a clear error when embedded and unset", () => {
    vi.stubEnv("MARKET_API_URL", "");
    vi.stubEnv("MARKET_STREAM_URL", "");
    vi.stubEnv("MARKET_API_KEY", "");
    expect(() => getUpstreamTarget()).toThrow(/embedded market is not running/);
  });

  it("tells the page chrome which market runs, or null when none does", () => {
    setUpstreamTarget({ kind: "embedded", baseUrl: "http://127.0.0.1:1", streamUrl: "ws://127.0.0.1:1", key: "k" });
    expect(upstreamKind()).toBe("embedded");
    setUpstreamTarget(undefined);
    for (const name of ["MARKET_API_URL", "MARKET_STREAM_URL", "MARKET_API_KEY"]) vi.stubEnv(name, "");
    expect(upstreamKind()).toBeNull();
  });
});
