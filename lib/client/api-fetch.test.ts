import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api";
import { apiFetch, apiUrl, createApiFetch } from "./api-fetch";

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

function stubFetch(impl: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const fn = vi.fn(impl);
  vi.stubGlobal("fetch", fn);
  return fn;
}
afterEach(() => vi.unstubAllGlobals());

describe("apiFetch", () => {
  it("calls the same-origin proxy path with the query string", async () => {
    const f = stubFetch(() => json(200, { data: [], meta: { asOf: 1 } }));
    await apiFetch("pulse", { query: { view: "new", chains: ["solana", "evm:8453"], limit: 30 } });
    expect(f.mock.calls[0][0]).toBe("/api/v1/pulse?view=new&chains=solana%2Cevm%3A8453&limit=30");
    expect(f.mock.calls[0][1]).toMatchObject({ method: "GET", cache: "no-store", credentials: "same-origin" });
    expect(apiUrl("chains")).toBe("/api/v1/meta/chains");
  });

  it("names the moment an answer must reach in x-min-as-of (whole ms, rounded up)", async () => {
    const f = stubFetch(() => json(200, { data: [], meta: { asOf: 1 } }));
    await apiFetch("pulse", { query: { view: "new" } });
    await apiFetch("pulse", { query: { view: "new" }, minAsOf: 1_795_761_178_027 });
    await apiFetch("pulse", { query: { view: "new" }, minAsOf: 1_000.2 });
    const sent = f.mock.calls.map(([, init]) => (init.headers as Record<string, string>)["x-min-as-of"]);
    expect(sent).toEqual([undefined, "1795761178027", "1001"]);
  });

  it("POSTs JSON bodies", async () => {
    const f = stubFetch(() => json(200, { data: {}, meta: { asOf: 1, timeframe: "24h", quote: "native" } }));
    await apiFetch("sparklines", { body: { chain: "solana", pools: ["So11111111111111111111111111111111111111112"] } });
    const [url, init] = f.mock.calls[0];
    expect(url).toBe("/api/v1/token/sparklines");
    expect(init.method).toBe("POST");
    expect(JSON.parse(String(init.body))).toEqual({
      chain: "solana",
      pools: ["So11111111111111111111111111111111111111112"],
    });
  });

  it("parses error bodies once into ApiError with the spec's code", async () => {
    stubFetch(() => json(400, { error: { code: "invalid_parameter", message: '"limit" must be…', param: "limit" } }));
    const e = await apiFetch("search", { query: { q: "x", limit: 99 } }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ code: "invalid_parameter", status: 400, param: "limit" });
  });

  it("keeps Retry-After on 429", async () => {
    stubFetch(() => json(429, { error: { code: "rate_limited", message: "slow down" } }, { "retry-after": "3" }));
    await expect(apiFetch("chains")).rejects.toMatchObject({ code: "rate_limited", status: 429, retryAfterSec: 3 });
  });

  it("turns a network failure into network_error and a non-JSON 5xx into upstream_error", async () => {
    stubFetch(() => Promise.reject(new TypeError("fetch failed")));
    await expect(apiFetch("chains")).rejects.toMatchObject({ code: "network_error", status: 0 });
    stubFetch(() => new Response("<html>bad gateway</html>", { status: 502 }));
    await expect(apiFetch("chains")).rejects.toMatchObject({ code: "upstream_error", status: 502 });
  });

  it("rejects a 200 that is not an envelope", async () => {
    stubFetch(() => json(200, { hello: 1 }));
    await expect(apiFetch("chains")).rejects.toMatchObject({ code: "upstream_bad_response" });
  });

  it("passes an abort through as the abort, not as a network error", async () => {
    stubFetch(
      (_u, init) =>
        new Promise((_r, reject) => init.signal?.addEventListener("abort", () => reject(init.signal?.reason))),
    );
    const ac = new AbortController();
    const p = apiFetch("chains", {}, ac.signal);
    ac.abort();
    await expect(p).rejects.toMatchObject({ name: "AbortError" });
  });

  it("createApiFetch binds an absolute origin", async () => {
    const f = stubFetch(() => json(200, { data: [], meta: { asOf: 1 } }));
    await createApiFetch("http://127.0.0.1:4555/")("chains");
    expect(f.mock.calls[0][0]).toBe("http://127.0.0.1:4555/api/v1/meta/chains");
  });
});
