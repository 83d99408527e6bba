import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as ws from "ws";
import { errorFrameSchema, ohlcvEventSchema } from "@/lib/api";
import { controlFrame, eventBody, eventFrame, eventHead, textFrame, textFramePayload } from "./frames";
import { candle } from "./testing/fixtures";

// ws's frame parser (exported at runtime, not in its type definitions).
type ReceiverLike = { on(e: "message", f: (d: Buffer, bin: boolean) => void): void; write(b: Buffer): void };
const { Receiver } = ws as unknown as { Receiver: new (o: { isServer: boolean }) => ReceiverLike };

/** Parses bytes the way a WebSocket client does (ws's own receiver, client side). */
function receive(bytes: Buffer): string[] {
  const out: string[] = [];
  const r = new Receiver({ isServer: false });
  r.on("message", (data: Buffer, isBinary: boolean) => out.push(isBinary ? "<binary>" : data.toString()));
  r.write(bytes);
  return out;
}

describe("frames", () => {
  it("splices an id into a shared body to give a valid event frame", () => {
    const body = eventBody("ohlcv", "candle", [candle(60)], { asOf: 1, interval: "1m", quote: "native" });
    const frame = JSON.parse(textFramePayload(eventFrame(eventHead("c:1"), body)));
    expect(ohlcvEventSchema.parse(frame)).toEqual({ type: "event", id: "c:1", channel: "ohlcv", kind: "candle", data: [candle(60)], meta: { asOf: 1, interval: "1m", quote: "native" } });
  });

  it("gives the same JSON as serializing the whole frame, for any id and payload", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 64 }), fc.jsonValue(), fc.dictionary(fc.string(), fc.jsonValue()), (id, data, meta) => {
        const spliced = JSON.parse(textFramePayload(eventFrame(eventHead(id), eventBody("trades", "trades", data, meta))));
        expect(spliced).toEqual(JSON.parse(JSON.stringify({ type: "event", id, channel: "trades", kind: "trades", data, meta })));
      }),
    );
  });

  it("writes valid WebSocket text frames at every length boundary", () => {
    for (const len of [0, 1, 125, 126, 127, 65_535, 65_536, 70_000]) {
      const text = "x".repeat(len);
      expect(receive(textFrame(Buffer.from(text)))).toEqual([text]);
    }
    const two = Buffer.concat([textFrame(Buffer.from("a"), Buffer.from("b")), controlFrame({ type: "pong" })]);
    expect(receive(two)).toEqual(["ab", '{"type":"pong"}']);
  });

  it("serializes control frames", () => {
    expect(errorFrameSchema.parse(JSON.parse(textFramePayload(controlFrame({ type: "error", code: "limit_tracked", message: "x", limit: 50 })))).limit).toBe(50);
  });
});
