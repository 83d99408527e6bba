import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { STREAM_LIMITS } from "@/lib/api/stream";
import { pollCreditsShare, streamShare } from "./stream-share";

const KEY = { ...STREAM_LIMITS, pulseReserve: 4 };

describe("streamShare", () => {
  it("gives one instance the whole budget and three a third each, rounded down", () => {
    expect(streamShare(KEY, 1)).toEqual(KEY);
    expect(streamShare(KEY, 3)).toEqual({
      connections: 1,
      subscriptionsPerConnection: 20,
      trackedTokens: 16,
      pulseReserve: 4,
    });
    expect(pollCreditsShare(6000, 3)).toBe(2000);
  });

  it("leaves an instance past the key's connections with none (it polls) and no pulse reserve", () => {
    expect(streamShare(KEY, 6)).toMatchObject({ connections: 0, pulseReserve: 0 });
  });

  it("never lets the expected instances together pass the key's limits", () => {
    const budget = fc.record({
      connections: fc.integer({ min: 1, max: 50 }),
      subscriptionsPerConnection: fc.integer({ min: 1, max: 100 }),
      trackedTokens: fc.integer({ min: 0, max: 500 }),
      pulseReserve: fc.integer({ min: 0, max: 20 }),
    });
    fc.assert(
      fc.property(budget, fc.integer({ min: 1, max: 64 }), fc.integer({ min: 0, max: 1e6 }), (b, n, credits) => {
        const s = streamShare(b, n);
        expect(s.connections * n).toBeLessThanOrEqual(b.connections);
        expect(s.trackedTokens * n).toBeLessThanOrEqual(b.trackedTokens);
        expect(s.pulseReserve).toBeLessThanOrEqual(s.connections * s.subscriptionsPerConnection);
        expect(pollCreditsShare(credits, n) * n).toBeLessThanOrEqual(credits);
      }),
    );
  });
});
