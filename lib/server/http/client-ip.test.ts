import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER, clientIpOf, forwardedClient, stampClientIp } from "./client-ip";

function fakeReq(remoteAddress: string, headers: Record<string, string> = {}) {
  return { headers: { ...headers }, socket: { remoteAddress } } as unknown as IncomingMessage;
}
const toHeaders = (req: IncomingMessage) => new Headers(req.headers as Record<string, string>);

describe("client IP", () => {
  it("takes the socket address stamped by the server, ignoring a forged stamp or X-Forwarded-For", () => {
    const req = fakeReq("203.0.113.9", { [CLIENT_IP_HEADER]: "forged 1.1.1.1", "x-forwarded-for": "9.9.9.9" });
    stampClientIp(req, 0);
    expect(clientIpOf(toHeaders(req), 0)).toBe("203.0.113.9");
  });

  it("behind one trusted proxy takes the entry that proxy appended, not one the client wrote", () => {
    // The client sent "6.6.6.6"; the proxy appended the address it saw.
    const req = fakeReq("10.0.0.1", { "x-forwarded-for": "6.6.6.6, 198.51.100.4" });
    stampClientIp(req, 1);
    expect(clientIpOf(toHeaders(req), 1)).toBe("198.51.100.4");
  });

  it("behind two trusted proxies takes the second entry from the right", () => {
    const req = fakeReq("10.0.0.2", { "x-forwarded-for": "6.6.6.6, 198.51.100.4, 10.0.0.1" });
    stampClientIp(req, 2);
    expect(clientIpOf(toHeaders(req), 2)).toBe("198.51.100.4");
  });

  it("falls back to the socket address when a trusted proxy sent no X-Forwarded-For", () => {
    const req = fakeReq("203.0.113.7");
    stampClientIp(req, 1);
    expect(clientIpOf(toHeaders(req), 1)).toBe("203.0.113.7");
  });

  it("reads a hop count from the right, clamped to the list", () => {
    expect(forwardedClient("a, b, c", 1)).toBe("c");
    expect(forwardedClient("a, b, c", 3)).toBe("a");
    expect(forwardedClient("a, b", 5)).toBe("a");
    expect(forwardedClient(" , ", 1)).toBeUndefined();
    expect(forwardedClient("a", 0)).toBeUndefined();
  });

  it("does not trust a stamp it did not sign", () => {
    const h = new Headers({ [CLIENT_IP_HEADER]: "0123 6.6.6.6", "x-forwarded-for": "6.6.6.6, 192.0.2.1" });
    expect(clientIpOf(h, 0)).toBe("192.0.2.1");
    expect(clientIpOf(h, 1)).toBe("192.0.2.1");
    expect(clientIpOf(new Headers(), 0)).toBe("unknown");
  });
});
