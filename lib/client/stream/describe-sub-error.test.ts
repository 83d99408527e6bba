import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describeSubError } from "./describe-sub-error";

describe("describeSubError", () => {
  it("turns each limit code into a sentence naming the limit", () => {
    expect(describeSubError({ code: "limit_tracked", message: "x", limit: 50 }).detail).toContain("50 tokens");
    expect(describeSubError({ code: "limit_subscriptions", message: "x", limit: 20 }).detail).toContain("at most 20");
    expect(describeSubError({ code: "limit_connections", message: "x" }).detail).toContain("connection limit");
  });

  it("never shows a raw code or the server's message, whatever the error", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string(), (code, message) => {
        const t = describeSubError({ code: `z${code}`, message: `secret${message}` });
        expect(t.short).toBe("Not live");
        expect(t.detail).not.toContain(`z${code}`);
        expect(t.detail).not.toContain("secret");
      }),
    );
  });
});
