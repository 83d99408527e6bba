import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER, clientIpOf, stampClientIp } from "./client-ip";

function fakeReq(remoteAddress: string, headers: Record<string, string> = {}) {
  return { headers: { ...headers }, socket: { remoteAddress } } as unknown as IncomingMessage;
}
const toHeaders = (req: IncomingMessage) => new Headers(req.headers as Record<string, string>);

describe("client IP", () => {
  it("takes the socket address stamped by the server, ignoring a forged stamp or X-Forwarded-For", () => {
    const req = fakeReq("203.0.113.9", { [CLIENT_IP_HEADER]: "forged 1.1.1.1", "x-forwarded-for": "9.9.9.9" });
    stampClientIp(req, false);
    expect(clientIpOf(toHeaders(req), false)).toBe("203.0.113.9");
  });

  it("behind a trusted proxy takes the first X-Forwarded-For entry", () => {
    const req = fakeReq("10.0.0.1", { "x-forwarded-for": "198.51.100.4, 10.0.0.1" });
    stampClientIp(req, true);
    expect(clientIpOf(toHeaders(req), true)).toBe("198.51.100.4");
  });

  it("does not trust a stamp it did not sign", () => {
    const h = new Headers({ [CLIENT_IP_HEADER]: "0123 6.6.6.6", "x-forwarded-for": "192.0.2.1" });
    expect(clientIpOf(h, false)).toBe("192.0.2.1");
    expect(clientIpOf(new Headers(), false)).toBe("unknown");
  });
});
