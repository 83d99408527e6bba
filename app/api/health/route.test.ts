import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { resetHealthProbe } from "@/lib/server/ops/health-probe";
import { chainsEnvelope, type FakeUpstream, replyJson } from "@/lib/server/testing/fake-upstream";
import { installTestProxy } from "@/lib/server/testing/installed-proxy";
import { setRuntimeConfig } from "@/lib/server/runtime";
import { setUpstreamTarget } from "@/lib/server/upstream/target";
import pkg from "@/package.json";
import { GET } from "./route";

// The upstream's behaviour, switched per test: answer, fail or hang.
let mode: "ok" | "fail" | "hang" = "ok";
let up: FakeUpstream;
let uninstall: () => Promise<void>;

beforeAll(async () => {
  ({ up, uninstall } = await installTestProxy(
    (_req, res) => {
      if (mode === "ok") return replyJson(res, 200, chainsEnvelope());
      if (mode === "fail") return replyJson(res, 503, { error: { code: "upstream_unavailable", message: "down" } });
    },
    "s3cret",
    { breakerFailures: 100 },
  ));
});
afterAll(() => uninstall());
afterEach(() => {
  setUpstreamTarget(undefined);
  resetHealthProbe();
  setRuntimeConfig(undefined);
  vi.unstubAllEnvs();
});

const embedded = () =>
  setUpstreamTarget({ kind: "embedded", baseUrl: up.baseUrl, streamUrl: "ws://127.0.0.1:9", key: "s3cret" });

describe("GET /api/health", () => {
  it("reports the upstream kind, a successful probe and the version without the key or URL", async () => {
    embedded();
    mode = "ok";
    const res = await GET();
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({
      ok: true,
      status: "ok",
      upstream: "embedded",
      upstreamProbe: { ok: true, circuit: "closed" },
      version: pkg.version,
      fleet: null,
    });
    expect(text).not.toContain("s3cret");
    expect(text).not.toContain("127.0.0.1");
  });

  it("says degraded when the upstream fails, and again (within the probe timeout) when it hangs", async () => {
    embedded();
    mode = "fail";
    const failed = await (await GET()).json();
    expect(failed).toMatchObject({
      ok: true,
      status: "degraded",
      upstreamProbe: { ok: false, code: expect.stringMatching(/^upstream_/) },
    });
    resetHealthProbe();
    mode = "hang";
    const started = Date.now();
    const hung = await (await GET()).json();
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(hung).toMatchObject({ status: "degraded", upstreamProbe: { ok: false, code: "upstream_timeout" } });
  });

  it("reuses one probe for close calls, so /api/health cannot hammer the upstream", async () => {
    embedded();
    mode = "ok";
    const before = up.requests.length;
    await Promise.all([GET(), GET(), GET()]);
    await GET();
    expect(up.requests.length - before).toBe(1);
  });

  it("answers 503 when the embedded market is not running", async () => {
    vi.stubEnv("MARKET_API_URL", "");
    vi.stubEnv("MARKET_STREAM_URL", "");
    vi.stubEnv("MARKET_API_KEY", "");
    const res = await GET();
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ ok: false });
  });
});
