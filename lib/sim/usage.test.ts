import { describe, expect, it } from "vitest";
import { redact, SimUsage } from "./usage";

describe("per-key usage", () => {
  it("counts REST calls and credits per route, keeps stream peaks and refusals, and reads the live stream state", () => {
    const u = new SimUsage();
    u.restCall("key-aaaa-1", "GET /v1/token/trades", 1);
    u.restCall("key-aaaa-1", "GET /v1/token/trades", 1);
    u.restCall("key-aaaa-1", "GET /v1/meta/chains", 0);
    u.restReceived("key-aaaa-1", "GET /v1/token/trades");
    u.restReceived("key-aaaa-1", "GET /v1/token/trades");
    u.restReceived("key-aaaa-1", "other");
    u.streamState("key-aaaa-1", { connections: 2 });
    u.streamState("key-aaaa-1", { connections: 1, subscriptions: 7, tracked: 9 });
    u.streamState("key-aaaa-1", { subscriptions: 3, tracked: 4 });
    u.refused("key-aaaa-1", "limit_tracked");
    u.attachStream(() => new Map([["key-aaaa-1", { connections: 1, subscriptionsPerConnection: [3], tracked: 4 }]]));
    expect(u.report()).toEqual({
      [redact("key-aaaa-1")]: {
        stream: {
          now: { connections: 1, subscriptionsPerConnection: [3], tracked: 4 },
          peak: { connections: 2, subscriptionsPerConnection: 7, tracked: 9 },
          refused: { limit_tracked: 1 },
        },
        rest: { "GET /v1/meta/chains": { calls: 1, credits: 0 }, "GET /v1/token/trades": { calls: 2, credits: 2 } },
        restCalls: 3,
        restCredits: 2,
        received: { "GET /v1/token/trades": 2, other: 1 },
        receivedTotal: 3,
      },
    });
  });

  it("never shows a whole key", () => {
    expect(redact("a-long-secret-key-123")).toBe("a-lo…21");
  });
});
