import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { STREAM_LIMITS } from "@/lib/api/stream";
import { streamShare } from "./stream-share";

describe("streamShare", () => {
  it("gives one instance the whole budget and three a third each, rounded down", () => {
    expect(streamShare(1)).toEqual(STREAM_LIMITS);
    expect(streamShare(3)).toEqual({ connections: 1, subscriptionsPerConnection: 20, trackedTokens: 16 });
  });

  it("never lets the expected instances together pass the key's limits", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 64 }), (n) => {
        const s = streamShare(n);
        expect(s.connections * n).toBeLessThanOrEqual(STREAM_LIMITS.connections);
        expect(s.trackedTokens * n).toBeLessThanOrEqual(STREAM_LIMITS.trackedTokens);
        expect(s.connections * s.subscriptionsPerConnection * n).toBeLessThanOrEqual(
          STREAM_LIMITS.connections * STREAM_LIMITS.subscriptionsPerConnection,
        );
      }),
    );
  });
});
