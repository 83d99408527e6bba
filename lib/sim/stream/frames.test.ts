import { describe, expect, it } from "vitest";
import { errorFrameSchema, pulseEventSchema } from "@/lib/api";
import { errorFrame, eventBytes, eventTail } from "./frames";

describe("frames", () => {
  it("splices a subscription id into a shared tail and yields a valid event frame", () => {
    const tail = eventTail("pulse", "leave", { chain: "solana", address: "So1" }, { asOf: 5, view: "new" });
    const a = JSON.parse(String(eventBytes("sub-1", tail)));
    const b = JSON.parse(String(eventBytes('we"ird', tail)));
    expect(a).toEqual({
      type: "event",
      id: "sub-1",
      channel: "pulse",
      kind: "leave",
      data: { chain: "solana", address: "So1" },
      meta: { asOf: 5, view: "new" },
    });
    expect(b.id).toBe('we"ird');
    expect(pulseEventSchema.safeParse(a).success).toBe(true);
  });

  it("writes error frames with optional id and limit only when given", () => {
    expect(JSON.parse(String(errorFrame("auth_failed", "bad key")))).toEqual({
      type: "error",
      code: "auth_failed",
      message: "bad key",
    });
    const e = JSON.parse(String(errorFrame("limit_subscriptions", "too many", { id: "x", limit: 20 })));
    expect(errorFrameSchema.parse(e)).toEqual({
      type: "error",
      id: "x",
      code: "limit_subscriptions",
      message: "too many",
      limit: 20,
    });
  });
});
