import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { errorFrameSchema, ohlcvEventSchema } from "@/lib/api";
import { controlFrame, eventBody, eventFrame, eventHead } from "./frames";
import { candle } from "./test-fixtures";

describe("frames", () => {
  it("splices an id into a shared body to give a valid event frame", () => {
    const body = eventBody("ohlcv", "candle", [candle(60)], { asOf: 1, interval: "1m", quote: "native" });
    const frame = JSON.parse(eventFrame(eventHead("c:1"), body).toString());
    expect(ohlcvEventSchema.parse(frame)).toEqual({ type: "event", id: "c:1", channel: "ohlcv", kind: "candle", data: [candle(60)], meta: { asOf: 1, interval: "1m", quote: "native" } });
  });

  it("gives the same JSON as serializing the whole frame, for any id and payload", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 64 }), fc.jsonValue(), fc.dictionary(fc.string(), fc.jsonValue()), (id, data, meta) => {
        const spliced = JSON.parse(eventFrame(eventHead(id), eventBody("trades", "trades", data, meta)).toString());
        expect(spliced).toEqual(JSON.parse(JSON.stringify({ type: "event", id, channel: "trades", kind: "trades", data, meta })));
      }),
    );
  });

  it("serializes control frames", () => {
    expect(errorFrameSchema.parse(JSON.parse(controlFrame({ type: "error", code: "limit_tracked", message: "x", limit: 50 }).toString())).limit).toBe(50);
  });
});
