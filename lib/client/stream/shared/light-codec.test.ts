import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseServerFrame } from "../frames";
import { CHANNELS, LIVENESS_MODES } from "@/lib/api";
import { createLightCodec, LIGHT_CHANNELS, LIGHT_MODES } from "./light-codec";

// The hub's zod-free checks: whatever it accepts as a control frame, the full parser accepts too (the socket acts on
// those fields), and an event frame is kept as received for the tab's full check.

const control = [
  { type: "authed", limits: { connections: 5, subscriptionsPerConnection: 20, trackedTokens: 50 } },
  { type: "subscribed", id: "s1", channel: "trades", params: {}, mode: "poll", delayMs: 2000 },
  { type: "unsubscribed", id: "s1" },
  { type: "mode", ids: ["s1", "s2"], mode: "stream" },
  { type: "error", id: "s1", code: "limit_tracked", message: "full", limit: 50 },
  { type: "pong", t: 5 },
  { type: "resync", ids: ["s1"], reason: "upstream_restored" },
];

describe("light codec", () => {
  it("knows the interface's channels and modes", () => {
    expect([...LIGHT_CHANNELS]).toEqual([...CHANNELS]);
    expect([...LIGHT_MODES]).toEqual([...LIVENESS_MODES]);
  });

  it("accepts the gateway's control frames", () => {
    const codec = createLightCodec();
    for (const f of control) expect(codec.parseFrame(JSON.stringify(f))).toEqual({ ok: true, frame: f });
  });

  it("refuses what the socket could not act on", () => {
    const codec = createLightCodec();
    for (const raw of [
      "{nope",
      "[]",
      "7",
      JSON.stringify({ type: "mode", ids: "s1", mode: "stream" }),
      JSON.stringify({ type: "mode", ids: ["s1"], mode: "live" }),
      JSON.stringify({ type: "subscribed" }),
      JSON.stringify({ type: "error", code: 4, message: "x" }),
      JSON.stringify({ type: "resync", ids: [1], reason: "x" }),
      JSON.stringify({ type: "event", channel: "trades" }),
      JSON.stringify({ type: "hello" }),
    ])
      expect(codec.parseFrame(raw).ok, raw).toBe(false);
  });

  it("keeps an event frame's text for the tab", () => {
    const codec = createLightCodec();
    const raw = JSON.stringify({ type: "event", id: "s1", channel: "trades", kind: "trades", data: [] });
    const r = codec.parseFrame(raw);
    expect(r.ok && r.frame.type === "event" && codec.rawOf(r.frame)).toBe(raw);
  });

  it("property: a control frame it accepts, the full parser accepts too (mutated frames included)", () => {
    const mutated = fc
      .tuple(fc.constantFrom(...control), fc.string(), fc.jsonValue())
      .map(([f, field, value]) => ({ ...f, [field in f ? field : Object.keys(f)[1]]: value }));
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...control), mutated), (f) => {
        const raw = JSON.stringify(f);
        if (createLightCodec().parseFrame(raw).ok) expect(parseServerFrame(raw).ok, raw).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });
});
