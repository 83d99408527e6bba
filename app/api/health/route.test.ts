import { afterEach, describe, expect, it, vi } from "vitest";
import { setUpstreamTarget } from "@/lib/server/upstream-target";
import pkg from "@/package.json";
import { GET } from "./route";

afterEach(() => {
  setUpstreamTarget(undefined);
  vi.unstubAllEnvs();
});

describe("GET /api/health", () => {
  it("reports the upstream kind and version without the key", async () => {
    setUpstreamTarget({
      kind: "embedded",
      baseUrl: "http://127.0.0.1:9",
      streamUrl: "ws://127.0.0.1:9",
      key: "s3cret",
    });
    const res = GET();
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ ok: true, upstream: "embedded", version: pkg.version, fleet: null });
    expect(text).not.toContain("s3cret");
    expect(text).not.toContain("127.0.0.1");
  });

  it("answers 503 when the embedded market is not running", async () => {
    vi.stubEnv("MARKET_API_URL", "");
    vi.stubEnv("MARKET_STREAM_URL", "");
    vi.stubEnv("MARKET_API_KEY", "");
    const res = GET();
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ ok: false });
  });
});
