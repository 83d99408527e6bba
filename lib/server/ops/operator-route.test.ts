import type { IncomingMessage } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stampClientIp } from "../http/client-ip";
import { operatorGet } from "./operator-route";
import { chainsEnvelope, replyJson } from "../testing/fake-upstream";
import { installTestProxy } from "../testing/installed-proxy";

// An operator endpoint as a same-host nginx reaches it: the socket is loopback, the request names its client.

let uninstall: () => Promise<void>;
beforeAll(async () => {
  ({ uninstall } = await installTestProxy((_req, res) => replyJson(res, 200, chainsEnvelope()), "operator-key"));
});
afterAll(() => uninstall());

const handler = operatorGet(async () => Response.json({ ok: true }));
function request(headers: Record<string, string>) {
  const req = { headers: { ...headers }, socket: { remoteAddress: "127.0.0.1" } } as unknown as IncomingMessage;
  stampClientIp(req, 0);
  return new Request("http://127.0.0.1/api/usage", { headers: req.headers as Record<string, string> });
}

describe("operator endpoint behind an untrusted proxy", () => {
  it("answers the operator on this host", async () => {
    const res = await handler(request({}));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it("answers a forwarded request 403 with a JSON error.code, never the figures", async () => {
    for (const headers of <Record<string, string>[]>[
      { "x-forwarded-for": "198.51.100.7" },
      { forwarded: "for=198.51.100.7;proto=https" },
      { "x-real-ip": "198.51.100.7" },
    ]) {
      const res = await handler(request(headers));
      expect(res.status).toBe(403);
      const body = await res.json();
      expect(body.error.code).toBe("forbidden");
      expect(body.ok).toBeUndefined();
    }
  });
});
