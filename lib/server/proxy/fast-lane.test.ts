import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { request } from "undici";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { chainsEnvelope, type FakeUpstream, replyJson, startFakeUpstream } from "../testing/fake-upstream";
import { createTestProxy, type TestProxy } from "../testing/test-state";
import { proxyNodeRequest } from "./fast-lane";
import { proxyWebRequest } from "./web-request";
import { setProxyState } from "./state";

const KEY = "fast-lane-test-key-51d2";
let up: FakeUpstream;
let tp: TestProxy;
let server: Server;
let base = "";
let name = "Ethereum";
/** Requests left to Next (the stand-in runs the route handler's body and marks the answer). */
let routed = 0;

beforeAll(async () => {
  up = await startFakeUpstream((req, res) => {
    if (req.url.startsWith("/v1/meta/chains")) return replyJson(res, 200, chainsEnvelope(5, name));
    return replyJson(res, 500, "unexpected");
  });
  server = createServer((req, res) => {
    Promise.resolve(
      proxyNodeRequest(req, res, () => ({ "Content-Security-Policy": "default-src 'self'", "X-Frame-Options": "DENY" })),
    )
      .then(async (answered) => {
        if (answered) return;
        routed++;
        const url = new URL(req.url ?? "/", "http://localhost");
        const segments = url.pathname.split("/").slice(3);
        const headers = new Headers();
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
        const r = await proxyWebRequest(new Request(url, { method: req.method, headers }), segments);
        res.writeHead(r.status, { ...Object.fromEntries(r.headers), "x-routed": "1" });
        res.end(await r.text());
      })
      .catch(() => {
        res.statusCode = 500;
        res.end();
      });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await up.close();
});
afterEach(async () => {
  setProxyState(undefined);
  await tp?.state.close();
  up.requests.length = 0;
  routed = 0;
  name = "Ethereum";
});

function useProxy(settings: Parameters<typeof createTestProxy>[1] = {}, now?: () => number) {
  tp = createTestProxy({ baseUrl: up.baseUrl, key: KEY }, { rateLimitPerSec: 0, ...settings }, now);
  setProxyState(tp.state);
}

const get = async (path: string, headers: Record<string, string> = {}) => {
  const r = await request(`${base}${path}`, { headers });
  return { status: r.statusCode, headers: r.headers, body: Buffer.from(await r.body.arrayBuffer()) };
};

describe("/api/v1 answered by server.ts before Next", () => {
  it("answers a miss and then the hit with the route's headers and body, one upstream call", async () => {
    useProxy();
    const first = await get("/api/v1/meta/chains");
    expect(first.status).toBe(200);
    expect(first.headers["x-cache"]).toBe("miss");
    const second = await get("/api/v1/meta/chains");
    expect(second.status).toBe(200);
    expect(second.headers["x-cache"]).toBe("hit");
    expect(second.headers["cache-control"]).toMatch(/^public, max-age=\d+/);
    expect(second.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(second.headers["content-security-policy"]).toBe("default-src 'self'");
    expect(second.headers["x-frame-options"]).toBe("DENY");
    expect(JSON.parse(second.body.toString())).toEqual(chainsEnvelope(5));
    expect(up.requests).toHaveLength(1);
    expect(up.requests[0]?.headers.authorization).toBe(KEY);
    expect(routed).toBe(0);
    expect(await tp.state.metrics.registry.metrics()).toMatch(/result="hit"/);
    expect(tp.logs.some((l) => l.includes('"cache":"hit"') && l.includes('"status":200'))).toBe(true);
  });

  it("refuses what the registry refuses, with the route's error codes and nothing spent", async () => {
    useProxy();
    const bogus = await get("/api/v1/meta/chains?bogus=1");
    expect(bogus.status).toBe(400);
    expect(JSON.parse(bogus.body.toString()).error.code).toMatch(/^[a-z_]+$/);
    const unknown = await get("/api/v1/meta/nope");
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body.toString()).error.code).toBe("not_found");
    expect((await get("/api/v1/meta/%63hains")).status).toBe(404);
    const post = await request(`${base}/api/v1/meta/chains`, {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toBe("GET");
    await post.body.text();
    const plain = await request(`${base}/api/v1/wallet/profile`, {
      method: "POST",
      body: "hello",
      headers: { "content-type": "text/plain" },
    });
    expect(plain.statusCode).toBe(415);
    await plain.body.text();
    expect(up.requests).toHaveLength(0);
    expect(routed).toBe(0);
  });

  it("leaves other methods and paths to Next", async () => {
    useProxy();
    const put = await request(`${base}/api/v1/meta/chains`, { method: "PUT", body: "{}" });
    await put.body.text();
    expect(put.headers["x-routed"]).toBe("1");
    expect((await get("/api/health")).headers["x-routed"]).toBe("1");
    expect(routed).toBe(2);
  });

  it("answers a client over its rate limit with 429 and Retry-After", async () => {
    useProxy({ rateLimitPerSec: 0.001, rateLimitBurst: 1 });
    expect((await get("/api/v1/meta/chains")).status).toBe(200);
    const limited = await get("/api/v1/meta/chains");
    expect(limited.status).toBe(429);
    expect(limited.headers["retry-after"]).toMatch(/^\d+$/);
    expect(JSON.parse(limited.body.toString()).error.code).toBe("rate_limited");
    expect(up.requests).toHaveLength(1);
  });

  it("gzips a large answer for a client that accepts it, and says so", async () => {
    useProxy();
    name = "E".repeat(4_000);
    await get("/api/v1/meta/chains");
    const plain = await get("/api/v1/meta/chains");
    const zipped = await get("/api/v1/meta/chains", { "accept-encoding": "gzip, br" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.vary).toBe("Accept-Encoding");
    expect(zipped.body.length).toBeLessThan(plain.body.length / 4);
    expect(gunzipSync(zipped.body).toString()).toBe(plain.body.toString());
  });

  it("serves a hit from its copy only while fresh: then the upstream again, and the new copy's bytes", async () => {
    let t = 1_000_000;
    useProxy({}, () => t);
    expect((await get("/api/v1/meta/chains")).headers["x-cache"]).toBe("miss");
    const hits = [await get("/api/v1/meta/chains"), await get("/api/v1/meta/chains")];
    expect(hits.map((h) => h.headers["x-cache"])).toEqual(["hit", "hit"]);
    expect(hits[1]?.body.equals(hits[0]?.body as Buffer)).toBe(true);
    expect(up.requests).toHaveLength(1);
    // Past the chains endpoint's TTL and its stale window: the copy is expired, the next GET calls the upstream.
    name = "Renamed";
    t += 365 * 24 * 3_600_000;
    const again = await get("/api/v1/meta/chains");
    expect(again.headers["x-cache"]).toBe("miss");
    expect(JSON.parse(again.body.toString())).toEqual(chainsEnvelope(5, "Renamed"));
    const next = await get("/api/v1/meta/chains");
    expect(next.headers["x-cache"]).toBe("hit");
    expect(next.body.equals(again.body)).toBe(true);
    expect(up.requests).toHaveLength(2);
  });

  it("leaves a request asking for a later moment (x-min-as-of) to the full path", async () => {
    useProxy();
    await get("/api/v1/meta/chains");
    const later = await get("/api/v1/meta/chains", { "x-min-as-of": String(Date.now() + 3_600_000) });
    expect(later.headers["x-cache"]).not.toBe("hit");
  });
});
