import { describe, expect, it } from "vitest";
import { loadSimConfig } from "@/lib/server/config";
import { FAULT_FLAGS, parseCliOptions, USAGE } from "./cli-options";
import { FaultState } from "./faults";
import { NO_FAULTS } from "./feed";

// `npm run sim` fault flags map onto the same FaultConfig the control endpoint sets.

// The defaults of an empty environment, as sim.ts reads them.
const ENV = loadSimConfig({});

describe("sim CLI options", () => {
  it("keeps the market defaults and no faults when no flag is given", () => {
    const o = parseCliOptions([], ENV);
    expect(o).toMatchObject({ port: 0, seed: 42, speed: 1, host: "127.0.0.1", warmupMin: 20, help: false });
    expect(o.faults).toEqual({});
  });

  it("maps every fault flag onto its FaultConfig field", () => {
    const o = parseCliOptions(
      [
        "--rest-latency-ms",
        "250",
        "--rest-error-rate",
        "0.1",
        "--rest-429-rate",
        "0.05",
        "--rest-hang-rate",
        "0.01",
        "--stream-drop-after-ms",
        "30000",
        "--stream-delay-ms",
        "200",
        "--stream-duplicate-rate",
        "0.2",
        "--stream-reorder-window-ms",
        "500",
        "--stream-skip-delta-rate",
        "0.3",
        "--stream-refuse",
        "--seed",
        "7",
      ],
      ENV,
    );
    expect(o.seed).toBe(7);
    expect(o.faults).toEqual({
      restLatencyMs: 250,
      restErrorRate: 0.1,
      restRateLimitRate: 0.05,
      restHangRate: 0.01,
      streamDropAfterMs: 30000,
      streamDelayMs: 200,
      streamDuplicateRate: 0.2,
      streamReorderWindowMs: 500,
      streamSkipDeltaRate: 0.3,
      streamRefuseConnections: true,
    });
    // Every FaultConfig field has a flag, and the result is what the service applies.
    expect(new Set(Object.values(FAULT_FLAGS).map((f) => f.field))).toEqual(new Set(Object.keys(NO_FAULTS)));
    expect(new FaultState().patch(o.faults)).toEqual({ ...NO_FAULTS, ...o.faults });
  });

  it("takes a key that starts with a dash when it is given as --key=<key> (a random base64url key can)", () => {
    expect(parseCliOptions(["--key=-Xy_9"], ENV).key).toBe("-Xy_9");
    expect(() => parseCliOptions(["--key", "-Xy_9"], ENV)).toThrow(/--key/);
  });

  it("rejects out-of-range or malformed values, naming the flag", () => {
    expect(() => parseCliOptions(["--rest-error-rate", "1.5"], ENV)).toThrow(/--rest-error-rate/);
    expect(() => parseCliOptions(["--stream-delay-ms", "abc"], ENV)).toThrow(/--stream-delay-ms/);
    expect(() => parseCliOptions(["--rest-latency-ms", "1.5"], ENV)).toThrow(/--rest-latency-ms/);
    expect(() => parseCliOptions(["--no-such-flag"], ENV)).toThrow();
  });

  it("lists every flag in --help", () => {
    expect(parseCliOptions(["--help"], ENV).help).toBe(true);
    for (const flag of [
      "--port",
      "--seed",
      "--key",
      "--speed",
      "--host",
      "--warmup-min",
      ...Object.keys(FAULT_FLAGS).map((f) => `--${f}`),
    ])
      expect(USAGE).toContain(flag);
  });
});
