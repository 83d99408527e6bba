import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "@/lib/api/endpoints";
import { ApiError } from "@/lib/api/errors";
import { createCircuitBreaker } from "./circuit-breaker";
import { chainsEnvelope, type FakeUpstream, replyJson, startFakeUpstream } from "../testing/fake-upstream";
import { createUpstreamClient, parseRetryAfter, type UpstreamClient } from "./upstream-client";

const KEY = "sentinel-key-7f3a";
let up: FakeUpstream;
let client: UpstreamClient;

beforeAll(async () => {
  up = await startFakeUpstream((_req, res) => replyJson(res, 200, chainsEnvelope()));
});
afterAll(async () => {
  await up.close();
});
afterEach(async () => {
  await client?.close();
  client = undefined as unknown as UpstreamClient;
  up.requests.length = 0;
});

function make(extra: Partial<Parameters<typeof createUpstreamClient>[0]> = {}) {
  client = createUpstreamClient({
    target: () => ({ kind: "remote", baseUrl: up.baseUrl, streamUrl: "ws://x", key: KEY }),
    timeoutMs: 500,
    ...extra,
  });
  return client;
}

async function errorOf(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error("expected a rejection");
}

const noInput = { query: {}, body: undefined };

describe("upstream client", () => {
  it("sends the key as a raw Authorization header, the canonical query, and nothing else of the caller", async () => {
    const c = make();
    const reply = await c.send(endpoints.chains, noInput);
    expect(JSON.parse(reply.text)).toEqual(chainsEnvelope());
    await c
      .send(endpoints.search, { query: { q: "pepe", limit: 12, chain: "solana" }, body: undefined })
      .catch(() => {});
    const [first, second] = up.requests;
    expect(first).toMatchObject({ method: "GET", url: "/v1/meta/chains" });
    expect(first.headers.authorization).toBe(KEY);
    expect(Object.keys(first.headers).sort()).toEqual(["accept", "authorization", "connection", "host"]);
    expect(second.url).toBe("/v1/search?chain=solana&limit=12&q=pepe");
  });

  it("keeps a base path prefix and posts the validated body as JSON", async () => {
    up.setHandler((_req, res) => replyJson(res, 200, { data: [{ data: null }, { data: null }], meta: { asOf: 1 } }));
    const c = createUpstreamClient({
      target: () => ({ kind: "remote", baseUrl: `${up.baseUrl}/market`, streamUrl: "", key: KEY }),
      timeoutMs: 500,
    });
    client = c;
    const body = { items: [{ address: `0x${"a".repeat(40)}` }, { address: `0x${"b".repeat(40)}` }] };
    await c.send(endpoints.walletProfileBatch, { query: {}, body });
    expect(up.requests[0]).toMatchObject({
      method: "POST",
      url: "/market/v1/wallet/profile",
      body: JSON.stringify(body),
    });
    expect(up.requests[0].headers["content-type"]).toBe("application/json");
    up.setHandler((_req, res) => replyJson(res, 200, chainsEnvelope()));
  });

  it("reads the upstream's credit headers", async () => {
    up.setHandler((_req, res) =>
      replyJson(res, 200, chainsEnvelope(), { "x-credits-spent": "0", "x-credits-total": "42" }),
    );
    const reply = await make().send(endpoints.chains, noInput);
    expect(reply).toMatchObject({ creditsSpent: 0, creditsTotal: 42 });
    up.setHandler((_req, res) => replyJson(res, 200, chainsEnvelope()));
  });

  const table: Array<
    [string, number, unknown, Record<string, string>, { status: number; code: string; retryAfterSec?: number }]
  > = [
    ["401", 401, { error: { code: "unauthorized", message: "bad key" } }, {}, { status: 502, code: "upstream_auth" }],
    ["403", 403, "", {}, { status: 502, code: "upstream_auth" }],
    [
      "429",
      429,
      { error: { code: "rate_limited", message: "slow" } },
      { "retry-after": "7" },
      { status: 429, code: "upstream_rate_limited", retryAfterSec: 7 },
    ],
    [
      "400 passes the code",
      400,
      { error: { code: "invalid_parameter", message: "limit too big", param: "limit" } },
      {},
      { status: 400, code: "invalid_parameter" },
    ],
    [
      "404 token",
      404,
      { error: { code: "token_not_found", message: "no such token" } },
      {},
      { status: 404, code: "token_not_found" },
    ],
    ["404 bare", 404, "nope", {}, { status: 404, code: "not_found" }],
    ["500", 500, "boom", {}, { status: 502, code: "upstream_error" }],
    [
      "503",
      503,
      { error: { code: "upstream_unavailable", message: "x" } },
      {},
      { status: 502, code: "upstream_error" },
    ],
    ["418", 418, "", {}, { status: 502, code: "upstream_error" }],
    ["200 not JSON", 200, "<html>", {}, { status: 502, code: "upstream_bad_response" }],
    [
      "200 wrong shape",
      200,
      { data: [{ chain: 1 }], meta: { asOf: 1 } },
      {},
      { status: 502, code: "upstream_bad_response" },
    ],
    ["200 no meta", 200, { data: [] }, {}, { status: 502, code: "upstream_bad_response" }],
  ];
  it.each(table)("maps upstream %s", async (_name, status, body, headers, expected) => {
    up.setHandler((_req, res) => replyJson(res, status, body, headers));
    const e = await errorOf(make().send(endpoints.chains, noInput));
    expect({
      status: e.status,
      code: e.code,
      ...(expected.retryAfterSec ? { retryAfterSec: e.retryAfterSec } : {}),
    }).toEqual(expected);
    up.setHandler((_req, res) => replyJson(res, 200, chainsEnvelope()));
  });

  it("never echoes the key in an error it passes through", async () => {
    up.setHandler((_req, res) =>
      replyJson(res, 400, { error: { code: "invalid_parameter", message: `key ${KEY} cannot ask this`, param: "q" } }),
    );
    const e = await errorOf(make().send(endpoints.chains, noInput));
    expect(JSON.stringify(e.toBody())).not.toContain(KEY);
    up.setHandler((_req, res) => replyJson(res, 200, chainsEnvelope()));
  });

  it("checks batch answers keep one slot per item", async () => {
    up.setHandler((_req, res) => replyJson(res, 200, { data: [{ data: null }], meta: { asOf: 1 } }));
    const body = { items: [{ address: `0x${"a".repeat(40)}` }, { address: `0x${"b".repeat(40)}` }] };
    const e = await errorOf(make().send(endpoints.walletProfileBatch, { query: {}, body }));
    expect(e.code).toBe("upstream_bad_response");
    up.setHandler((_req, res) => replyJson(res, 200, chainsEnvelope()));
  });

  it("times out a hanging upstream with 504", async () => {
    up.setHandler(() => {});
    const started = Date.now();
    const e = await errorOf(make({ timeoutMs: 80 }).send(endpoints.chains, noInput));
    expect(e).toMatchObject({ status: 504, code: "upstream_timeout" });
    expect(Date.now() - started).toBeLessThan(2_000);
    up.setHandler((_req, res) => replyJson(res, 200, chainsEnvelope()));
  });

  it("gives up on a body trickled in without end: a total deadline, counted as a breaker failure", async () => {
    // 100 gaps of 10 ms, each far below the timeout: per-chunk timers alone would wait for the whole body.
    const timers: NodeJS.Timeout[] = [];
    up.setHandler((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      const text = JSON.stringify(chainsEnvelope());
      let sent = 0;
      const step = Math.ceil(text.length / 100);
      const timer = setInterval(() => {
        res.write(text.slice(sent, sent + step));
        sent += step;
        if (sent >= text.length) {
          clearInterval(timer);
          res.end();
        }
      }, 10);
      timers.push(timer);
      res.on("close", () => clearInterval(timer));
    });
    const breaker = createCircuitBreaker({ failureThreshold: 5, openMs: 10_000 });
    const e = await errorOf(make({ timeoutMs: 150, breaker }).send(endpoints.chains, noInput));
    timers.forEach(clearInterval);
    expect(e).toMatchObject({ status: 504, code: "upstream_timeout" });
    expect(breaker.stats().consecutiveFailures).toBe(1);
    up.setHandler((_req, res) => replyJson(res, 200, chainsEnvelope()));
  });

  it("after an upstream 429, holds every call until its Retry-After without calling upstream", async () => {
    let t = 1_000_000;
    up.setHandler((_req, res) => replyJson(res, 429, { error: { code: "rate_limited", message: "slow" } }, { "retry-after": "7" }));
    const c = make({ now: () => t });
    expect(await errorOf(c.send(endpoints.chains, noInput))).toMatchObject({ code: "upstream_rate_limited", retryAfterSec: 7 });
    up.setHandler((_req, res) => replyJson(res, 200, chainsEnvelope()));
    t += 2_500;
    const held = await errorOf(c.send(endpoints.search, { query: { q: "x", limit: 12 }, body: undefined }));
    expect(held).toMatchObject({ status: 429, code: "upstream_rate_limited", retryAfterSec: 5 });
    expect(up.requests.length).toBe(1);
    t += 4_500;
    await c.send(endpoints.chains, noInput);
    expect(up.requests.length).toBe(2);
  });

  it("an upstream 429 neither resets nor adds to the breaker's failures, and frees a half-open probe", async () => {
    let t = 0;
    const breaker = createCircuitBreaker({ failureThreshold: 2, openMs: 1_000, now: () => t });
    const c = make({ breaker, now: () => t });
    up.setHandler((_req, res) => replyJson(res, 500, "down"));
    await errorOf(c.send(endpoints.chains, noInput));
    up.setHandler((_req, res) => replyJson(res, 429, "", { "retry-after": "1" }));
    await errorOf(c.send(endpoints.chains, noInput));
    expect(breaker.stats()).toMatchObject({ state: "closed", consecutiveFailures: 1 });
    t += 1_000;
    up.setHandler((_req, res) => replyJson(res, 500, "down"));
    await errorOf(c.send(endpoints.chains, noInput));
    expect(breaker.state()).toBe("open");
    t += 1_000; // half-open: the probe meets a 429
    up.setHandler((_req, res) => replyJson(res, 429, "", { "retry-after": "1" }));
    await errorOf(c.send(endpoints.chains, noInput));
    expect(breaker.acquire().ok).toBe(true);
    up.setHandler((_req, res) => replyJson(res, 200, chainsEnvelope()));
  });

  it("maps a refused connection to 503 upstream_unavailable", async () => {
    const dead = await startFakeUpstream(() => {});
    const url = dead.baseUrl;
    await dead.close();
    client = createUpstreamClient({
      target: () => ({ kind: "remote", baseUrl: url, streamUrl: "", key: KEY }),
      timeoutMs: 500,
    });
    const e = await errorOf(client.send(endpoints.chains, noInput));
    expect(e).toMatchObject({ status: 503, code: "upstream_unavailable" });
  });

  it("refuses an over-large response", async () => {
    up.setHandler((_req, res) => replyJson(res, 200, { data: [], meta: { asOf: 1, pad: "x".repeat(5_000) } }));
    const e = await errorOf(make({ maxResponseBytes: 1_000 }).send(endpoints.chains, noInput));
    expect(e.code).toBe("upstream_bad_response");
    up.setHandler((_req, res) => replyJson(res, 200, chainsEnvelope()));
  });

  it("opens the circuit after consecutive failures and fails fast without calling upstream", async () => {
    let t = 0;
    const breaker = createCircuitBreaker({ failureThreshold: 3, openMs: 10_000, now: () => t });
    up.setHandler((_req, res) => replyJson(res, 500, "down"));
    const c = make({ breaker });
    for (let i = 0; i < 3; i++) await errorOf(c.send(endpoints.chains, noInput));
    const before = up.requests.length;
    const e = await errorOf(c.send(endpoints.chains, noInput));
    expect(e).toMatchObject({ status: 503, code: "upstream_unavailable", retryAfterSec: 10 });
    expect(up.requests.length).toBe(before);
    up.setHandler((_req, res) => replyJson(res, 200, chainsEnvelope()));
    t = 10_000;
    await c.send(endpoints.chains, noInput);
    expect(breaker.state()).toBe("closed");
  });

  it("4xx answers do not trip the breaker", async () => {
    const breaker = createCircuitBreaker({ failureThreshold: 1, openMs: 10_000 });
    up.setHandler((_req, res) => replyJson(res, 404, { error: { code: "token_not_found", message: "x" } }));
    const c = make({ breaker });
    await errorOf(c.send(endpoints.chains, noInput));
    await errorOf(c.send(endpoints.chains, noInput));
    expect(breaker.state()).toBe("closed");
    up.setHandler((_req, res) => replyJson(res, 200, chainsEnvelope()));
  });

  it("refuses an endpoint definition that is not in the registry", async () => {
    const c = make();
    const forged = { ...endpoints.chains, path: "/v1/../admin" };
    await expect(c.send(forged, noInput)).rejects.toMatchObject({ code: "not_found" });
    const forged2 = { ...endpoints.chains, path: "/v1/admin" };
    await expect(c.send(forged2, noInput)).rejects.toMatchObject({ code: "not_found" });
    expect(up.requests.length).toBe(0);
  });

  it("reports each call's outcome", async () => {
    const seen: string[] = [];
    const c = make({ onResult: (id, outcome) => seen.push(`${id}:${outcome}`) });
    await c.send(endpoints.chains, noInput);
    up.setHandler((_req, res) => replyJson(res, 429, ""));
    await errorOf(c.send(endpoints.chains, noInput));
    expect(seen).toEqual(["chains:ok", "chains:rate_limited"]);
    up.setHandler((_req, res) => replyJson(res, 200, chainsEnvelope()));
  });
});

describe("parseRetryAfter", () => {
  it("reads seconds and dates, clamped", () => {
    expect(parseRetryAfter("5")).toBe(5);
    expect(parseRetryAfter(undefined)).toBe(1);
    expect(parseRetryAfter("junk")).toBe(1);
    expect(parseRetryAfter("999999")).toBe(3600);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 0)).toBe(10);
  });
});
