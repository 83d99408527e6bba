import { describe, expect, it } from "vitest";
import { readJsonFrame } from "./json-frame";
import { createLightCodec } from "./shared/light-codec";

describe("readJsonFrame", () => {
  it("takes a text frame holding a JSON object, with its text", () => {
    expect(readJsonFrame('{"type":"pong"}')).toEqual({ ok: true, json: { type: "pong" }, text: '{"type":"pong"}' });
  });

  it("refuses binary frames, text that is not JSON, and JSON that is not an object", () => {
    expect(readJsonFrame(new ArrayBuffer(2))).toEqual({ ok: false, reason: "binary frame" });
    expect(readJsonFrame("{")).toEqual({ ok: false, reason: "not JSON" });
    for (const raw of ["[]", "null", "1", '"x"'])
      expect(readJsonFrame(raw)).toEqual({ ok: false, reason: "not an object" });
  });

  it("gives the shared worker's codec the same refusals", () => {
    const codec = createLightCodec();
    expect(codec.parseFrame(new ArrayBuffer(2))).toEqual({ ok: false, reason: "binary frame" });
    expect(codec.parseFrame("{")).toEqual({ ok: false, reason: "not JSON" });
    expect(codec.parseFrame("[1]")).toEqual({ ok: false, reason: "not an object" });
  });
});
