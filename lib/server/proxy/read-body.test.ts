import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { readJson, readJsonBody } from "./read-body";

const stream = (...parts: string[]) => Readable.from(parts.map((p) => Buffer.from(p)));

describe("JSON request bodies", () => {
  it("parses JSON from a node stream or a web Request", async () => {
    expect(await readJson("application/json; charset=utf-8", null, stream('{"a":', "1}"))).toEqual({ a: 1 });
    const req = new Request("http://x/", {
      method: "POST",
      body: '{"b":[2]}',
      headers: { "content-type": "application/json" },
    });
    expect(await readJsonBody(req)).toEqual({ b: [2] });
  });

  it("caps the size while streaming, whatever Content-Length says", async () => {
    await expect(
      readJson("application/json", "10", stream("x".repeat(600), "y".repeat(600)), 1_000),
    ).rejects.toMatchObject({
      code: "payload_too_large",
      status: 413,
    });
    await expect(readJson("application/json", "5000", stream("{}"), 1_000)).rejects.toMatchObject({
      code: "payload_too_large",
    });
  });

  it("names the problem: media type, empty body, broken JSON", async () => {
    await expect(readJson("text/plain", null, stream("{}"))).rejects.toMatchObject({
      code: "unsupported_media_type",
      status: 415,
    });
    await expect(readJson(null, null, stream("{}"))).rejects.toMatchObject({ code: "unsupported_media_type" });
    await expect(readJson("application/jsonx", null, stream("{}"))).rejects.toMatchObject({
      code: "unsupported_media_type",
    });
    await expect(readJson("application/json", null, stream("  "))).rejects.toMatchObject({
      code: "invalid_json",
      status: 400,
    });
    await expect(readJson("application/json", null, null)).rejects.toMatchObject({ code: "invalid_json" });
    await expect(readJson("application/json", null, stream("{'a':1}"))).rejects.toMatchObject({ code: "invalid_json" });
  });
});
