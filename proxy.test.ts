import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "./proxy";

function run(headers: Record<string, string> = {}) {
  return proxy(new NextRequest("http://127.0.0.1:3000/pulse", { headers }));
}

function forwarded(res: Response): Map<string, string> {
  // NextResponse.next({ request: { headers } }) encodes the rewritten request headers for Next's router.
  const names = (res.headers.get("x-middleware-override-headers") ?? "").split(",").filter(Boolean);
  return new Map(names.map((n) => [n, res.headers.get(`x-middleware-request-${n}`) ?? ""]));
}

describe("proxy", () => {
  it("sets a CSP with a fresh nonce per request and passes it to the renderer", () => {
    const a = run();
    const b = run();
    const csp = a.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(b.headers.get("content-security-policy")).not.toBe(csp);
    const req = forwarded(a);
    expect(req.get("x-nonce")).toBe(nonce);
    expect(req.get("content-security-policy")).toBe(csp);
    expect(a.headers.get("x-frame-options")).toBe("DENY");
    expect(a.headers.get("x-content-type-options")).toBe("nosniff");
    expect(a.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("ignores a client-chosen nonce, CSP, Host or internal Next headers", () => {
    const res = run({
      host: "evil.example",
      "x-forwarded-host": "evil.example",
      "x-nonce": "AAAAAAAAAAAAAAAAAAAAAAAA",
      "content-security-policy": "script-src *",
      "x-middleware-subrequest": "proxy:proxy:proxy:proxy:proxy",
      "x-middleware-prefetch": "1",
      "x-invoke-path": "/admin",
    });
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).not.toContain("AAAAAAAAAAAAAAAAAAAAAAAA");
    expect(csp).not.toContain("evil.example");
    expect(csp).toContain("script-src 'self' 'nonce-");
    const req = forwarded(res);
    expect(req.get("x-nonce")).not.toBe("AAAAAAAAAAAAAAAAAAAAAAAA");
    expect(req.get("content-security-policy")).toBe(csp);
    expect(req.has("x-middleware-subrequest")).toBe(false);
    expect(req.has("x-middleware-prefetch")).toBe(false);
    expect(req.has("x-invoke-path")).toBe(false);
  });
});
