import { describe, expect, it } from "vitest";
import { DEFAULT_IP_LIMITS, IpQuotas } from "./ip-quota";

const limits = { connections: 2, trackedTokens: 3, exemptLoopback: true };

describe("per-IP stream quotas", () => {
  it("admits up to the connection limit per IP, and again once one leaves", () => {
    const q = new IpQuotas(limits);
    const a = q.admit("203.0.113.5");
    const b = q.admit("203.0.113.5");
    expect(a && b).toBeTruthy();
    expect(q.admit("203.0.113.5")).toBeNull();
    expect(q.admit("198.51.100.1")).not.toBeNull();
    a?.release();
    a?.release(); // twice is once
    expect(q.admit("203.0.113.5")).not.toBeNull();
    expect(q.admit("203.0.113.5")).toBeNull();
  });

  it("counts distinct tracked keys across the IP's connections; a key held twice is one", () => {
    const q = new IpQuotas(limits);
    const a = q.admit("203.0.113.5");
    const b = q.admit("203.0.113.5");
    expect(a?.track(["t1", "t2"])).toEqual({ ok: true });
    expect(b?.track(["t2"])).toEqual({ ok: true });
    expect(b?.track(["t3"])).toEqual({ ok: true });
    expect(a?.track(["t4"])).toEqual({ ok: false, limit: 3 });
    expect(a?.track(["t1", "t3"])).toEqual({ ok: true });
    b?.untrack(["t3"]);
    expect(a?.track(["t4"])).toEqual({ ok: false, limit: 3 }); // t3 is still held by a
    a?.untrack(["t1", "t3"]);
    a?.untrack(["t1", "t2"]);
    expect(a?.track(["t4", "t5"])).toEqual({ ok: true }); // only b's t2 remains
  });

  it("forgets an IP once its last connection leaves", () => {
    const q = new IpQuotas(limits);
    const a = q.admit("203.0.113.5");
    a?.track(["t1"]);
    a?.release();
    expect(q.size).toBe(0);
  });

  it("limits loopback like any address by default: one proxy's address cannot take the whole budget", () => {
    const q = new IpQuotas({ ...DEFAULT_IP_LIMITS, connections: 2 });
    const a = q.admit("127.0.0.1");
    expect(q.admit("127.0.0.1")).not.toBeNull();
    expect(q.admit("127.0.0.1")).toBeNull();
    expect(a?.track(Array.from({ length: 20 }, (_, i) => `t${i}`))).toEqual({ ok: true });
    expect(a?.track(["t20"])).toEqual({ ok: false, limit: 20 });
  });

  it("does not limit loopback callers when told so (the app's own tests)", () => {
    const q = new IpQuotas(limits);
    for (let i = 0; i < 10; i++) expect(q.admit("127.0.0.1")?.track([`t${i}`, `u${i}`])).toEqual({ ok: true });
    const strict = new IpQuotas({ ...limits, exemptLoopback: false });
    strict.admit("::1");
    strict.admit("::1");
    expect(strict.admit("::1")).toBeNull();
  });
});
