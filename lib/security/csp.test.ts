import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildCsp, isValidNonce, makeNonce, SECURITY_HEADERS } from "./csp";

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(";").map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values] as [string, string[]];
    }),
  );
}

describe("CSP", () => {
  it("makes fresh, valid, distinct nonces", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const n = makeNonce();
      expect(isValidNonce(n)).toBe(true);
      expect(n).toHaveLength(24);
      seen.add(n);
    }
    expect(seen.size).toBe(500);
  });

  it("allows scripts only by nonce in production", () => {
    const d = directives(buildCsp({ nonce: "AAAAAAAAAAAAAAAAAAAAAAAA" }));
    expect(d.get("script-src")).toEqual(["'self'", "'nonce-AAAAAAAAAAAAAAAAAAAAAAAA'", "'strict-dynamic'"]);
    expect(d.get("script-src")).not.toContain("'unsafe-inline'");
    expect(d.get("script-src")).not.toContain("'unsafe-eval'");
    expect(d.get("object-src")).toEqual(["'none'"]);
    expect(d.get("frame-ancestors")).toEqual(["'none'"]);
    expect(d.get("base-uri")).toEqual(["'none'"]);
    expect(d.get("connect-src")).toEqual(["'self'"]);
    expect(d.get("img-src")).toEqual(["'self'"]);
    expect(d.get("form-action")).toEqual(["'self'"]);
    // No nonce in style-src: it would switch off 'unsafe-inline' for style attributes.
    expect(d.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it("adds 'unsafe-eval' in development only", () => {
    expect(buildCsp({ nonce: makeNonce(), dev: true })).toContain("'unsafe-eval'");
    expect(buildCsp({ nonce: makeNonce(), dev: false })).not.toContain("unsafe-eval");
  });

  it("refuses a nonce that could break out of the header (property)", () => {
    for (const bad of [
      "",
      "short",
      "abc'; script-src *",
      "a b c d e f g h i j k l m n",
      "x".repeat(100),
      "AAAAAAAAAAAAAAAA\r\nX: y",
    ])
      expect(() => buildCsp({ nonce: bad })).toThrow(/nonce/);
    fc.assert(
      fc.property(fc.string(), (s) => {
        if (isValidNonce(s)) expect(buildCsp({ nonce: s })).toContain(`'nonce-${s}'`);
        else expect(() => buildCsp({ nonce: s })).toThrow();
      }),
    );
  });

  it("sets the companion headers", () => {
    expect(SECURITY_HEADERS).toMatchObject({
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
    });
    expect(SECURITY_HEADERS["Permissions-Policy"]).toMatch(/camera=\(\)/);
  });
});
