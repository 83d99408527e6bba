import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
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
