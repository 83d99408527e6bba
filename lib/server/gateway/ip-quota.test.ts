import { describe, expect, it } from "vitest";
import { DEFAULT_IP_LIMITS, IpQuotas } from "./ip-quota";

describe("client addresses of stream connections", () => {
  it("admits connections up to the abuse ceiling per address, and again once one leaves", () => {
    const q = new IpQuotas({ connections: 2, exemptLoopback: false });
    const a = q.admit("203.0.113.5");
    const b = q.admit("203.0.113.5");
    expect(a?.address).toBe("203.0.113.5");
    expect(b?.address).toBe("203.0.113.5");
    expect(q.admit("203.0.113.5")).toBeNull();
    expect(q.admit("198.51.100.1")).not.toBeNull();
    a?.release();
    a?.release(); // twice is once
    expect(q.admit("203.0.113.5")).not.toBeNull();
    expect(q.admit("203.0.113.5")).toBeNull();
  });

  it("lets an office's hundreds of browsers in by default: the ceiling is for abuse only", () => {
    const q = new IpQuotas(DEFAULT_IP_LIMITS);
    const office = Array.from({ length: 1_000 }, () => q.admit("203.0.113.5"));
    expect(office.every((x) => x?.address === "203.0.113.5")).toBe(true);
    expect(DEFAULT_IP_LIMITS.connections).toBeGreaterThanOrEqual(1_000);
  });

  it("forgets an address once its last connection leaves", () => {
    const q = new IpQuotas(DEFAULT_IP_LIMITS);
    q.admit("203.0.113.5")?.release();
    expect(q.size).toBe(0);
  });

  it("counts loopback as one address by default: one proxy's address is one share", () => {
    const q = new IpQuotas({ connections: 2, exemptLoopback: false });
    expect(q.admit("127.0.0.1")?.address).toBe("127.0.0.1");
    expect(q.admit("127.0.0.1")?.address).toBe("127.0.0.1");
    expect(q.admit("127.0.0.1")).toBeNull();
  });

  it("makes each loopback connection its own address when told so (the app's own tests)", () => {
    const q = new IpQuotas({ connections: 2, exemptLoopback: true });
    const addresses = Array.from({ length: 10 }, () => q.admit("::1")?.address);
    expect(new Set(addresses).size).toBe(10);
    expect(q.admit("203.0.113.5")?.address).toBe("203.0.113.5");
  });
});
