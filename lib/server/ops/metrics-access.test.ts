import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { stampClientIp, warnUntrustedForwarding } from "../http/client-ip";
import { assertMetricsAccess } from "./metrics-access";

const h = (init: Record<string, string>) => new Headers(init);
const deny = (fn: () => void) => {
  try {
    fn();
  } catch (e) {
    return e as ApiError;
  }
  throw new Error("expected a refusal");
};

describe("metrics access", () => {
  const open = { trustProxy: 0, metricsToken: undefined };
  const withToken = { trustProxy: 0, metricsToken: "a-metrics-token-0123456789" };

  it("lets loopback callers in (IPv4, IPv6, IPv4-mapped)", () => {
    for (const ip of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"])
      expect(() => assertMetricsAccess(h({ "x-forwarded-for": ip }), open)).not.toThrow();
  });

  it("refuses other callers with 403 forbidden", () => {
    for (const ip of ["10.0.0.2", "::ffff:192.168.1.4", "1270.0.0.1"]) {
      const e = deny(() => assertMetricsAccess(h({ "x-forwarded-for": ip }), open));
      expect(e).toBeInstanceOf(ApiError);
      expect(e).toMatchObject({ code: "forbidden", status: 403 });
    }
    expect(deny(() => assertMetricsAccess(h({}), open)).code).toBe("forbidden");
  });

  it("a spoofed X-Forwarded-For does not pass for loopback unless the proxy is trusted", () => {
    // Next appends the socket address: the last entry is the real peer.
    expect(deny(() => assertMetricsAccess(h({ "x-forwarded-for": "127.0.0.1, 203.0.113.9" }), open)).code).toBe(
      "forbidden",
    );
  });

  it("accepts the bearer token from anywhere, and only the exact token", () => {
    const far = { "x-forwarded-for": "203.0.113.9" };
    expect(() =>
      assertMetricsAccess(h({ ...far, authorization: `Bearer ${withToken.metricsToken}` }), withToken),
    ).not.toThrow();
    for (const auth of [`Bearer ${withToken.metricsToken}x`, "Bearer nope", withToken.metricsToken])
      expect(deny(() => assertMetricsAccess(h({ ...far, authorization: auth }), withToken)).code).toBe("forbidden");
  });
});

describe("metrics access behind a proxy", () => {
  const open = { trustProxy: 0, metricsToken: undefined };
  const token = "a-metrics-token-0123456789";
  // What server.ts does to every request: stamp the socket's peer (here a same-host proxy on loopback).
  const through = (headers: Record<string, string>, trustProxy = 0) => {
    const req = { headers: { ...headers }, socket: { remoteAddress: "127.0.0.1" } } as unknown as IncomingMessage;
    stampClientIp(req, trustProxy);
    return new Headers(req.headers as Record<string, string>);
  };

  it("a loopback socket with no forwarding header is the operator on this host", () => {
    expect(() => assertMetricsAccess(through({}), open)).not.toThrow();
  });

  it("a loopback socket that forwards for someone is refused unless TRUST_PROXY trusts it", () => {
    for (const headers of <Record<string, string>[]>[
      { "x-forwarded-for": "203.0.113.9" },
      { "x-forwarded-for": "127.0.0.1" },
      { forwarded: "for=203.0.113.9" },
      { "x-real-ip": "203.0.113.9" },
    ]) {
      const e = deny(() => assertMetricsAccess(through(headers), open));
      expect(e).toMatchObject({ code: "forbidden", status: 403 });
    }
  });

  it("with TRUST_PROXY the forwarded client decides: loopback in, anyone else out", () => {
    const trusted = { trustProxy: 1, metricsToken: undefined };
    expect(() => assertMetricsAccess(through({ "x-forwarded-for": "127.0.0.1" }, 1), trusted)).not.toThrow();
    expect(() => assertMetricsAccess(through({}, 1), trusted)).not.toThrow();
    expect(deny(() => assertMetricsAccess(through({ "x-forwarded-for": "203.0.113.9" }, 1), trusted)).code).toBe(
      "forbidden",
    );
    // A client-written entry left of the proxy's own proves nothing.
    expect(
      deny(() => assertMetricsAccess(through({ "x-forwarded-for": "127.0.0.1, 203.0.113.9" }, 1), trusted)).code,
    ).toBe("forbidden");
  });

  it("a forwarded request presenting METRICS_TOKEN gets in", () => {
    const withToken = { trustProxy: 0, metricsToken: token };
    const headers = through({ "x-forwarded-for": "203.0.113.9" });
    headers.set("authorization", `Bearer ${token}`);
    expect(() => assertMetricsAccess(headers, withToken)).not.toThrow();
  });

  it("without the server's stamp, Forwarded or X-Real-IP still mark a request as forwarded", () => {
    for (const headers of <Record<string, string>[]>[
      { "x-forwarded-for": "127.0.0.1", forwarded: "for=203.0.113.9" },
      { "x-forwarded-for": "127.0.0.1", "x-real-ip": "203.0.113.9" },
    ])
      expect(deny(() => assertMetricsAccess(h(headers), open)).code).toBe("forbidden");
  });
});

describe("the warning about an untrusted proxy", () => {
  it("is given once per process, on first sight of a forwarded request", () => {
    const holder = globalThis as Record<symbol, unknown>;
    const flag = Symbol.for("trading-explorer.untrusted-forwarding-warned");
    delete holder[flag];
    const warnings: string[] = [];
    for (let i = 0; i < 3; i++) warnUntrustedForwarding((m) => warnings.push(m));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/TRUST_PROXY is unset/);
  });

  it("is not given for a direct request or with TRUST_PROXY set", () => {
    const holder = globalThis as Record<symbol, unknown>;
    const flag = Symbol.for("trading-explorer.untrusted-forwarding-warned");
    delete holder[flag];
    const direct = { headers: {}, socket: { remoteAddress: "127.0.0.1" } } as unknown as IncomingMessage;
    stampClientIp(direct, 0);
    const trusted = {
      headers: { "x-forwarded-for": "203.0.113.9" },
      socket: { remoteAddress: "127.0.0.1" },
    } as unknown as IncomingMessage;
    stampClientIp(trusted, 1);
    expect(holder[flag]).toBeUndefined();
  });
});
