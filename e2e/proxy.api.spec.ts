import { expect, test } from "./fixtures";

// The REST proxy against the running app and its embedded market (SIM_SEED=7).
// Pages render on a shared, loaded machine: give each test room.
test.describe.configure({ timeout: 90_000 });

test("proxies registry endpoints as the spec's envelopes, then serves them from cache", async ({ request }) => {
  const first = await request.get("/api/v1/meta/chains");
  expect(first.status()).toBe(200);
  const body = await first.json();
  expect(Array.isArray(body.data)).toBe(true);
  expect(body.data.length).toBeGreaterThan(0);
  expect(typeof body.meta.asOf).toBe("number");
  expect(first.headers()["cache-control"]).toMatch(/^public, max-age=\d+/);
  const second = await request.get("/api/v1/meta/chains");
  expect(["hit", "coalesced"]).toContain(second.headers()["x-cache"]);

  const pulse = await request.get("/api/v1/pulse?view=new&chains=solana,evm:8453&limit=5");
  expect(pulse.status()).toBe(200);
  const list = await pulse.json();
  expect(list.meta.view).toBe("new");
  expect(list.data.length).toBeLessThanOrEqual(5);

  const search = await request.get("/api/v1/search?q=a&limit=3");
  expect(search.status()).toBe(200);
  expect((await search.json()).data.length).toBeLessThanOrEqual(3);
});

test("POST twins take a JSON body and keep input order", async ({ request }) => {
  const pulse = await (await request.get("/api/v1/pulse?view=new&chains=evm:8453&limit=3")).json();
  expect(pulse.data.length, "the market has new Base tokens").toBeGreaterThan(0);
  const items = pulse.data.map((t: { chain: string; address: string }) => ({ chain: t.chain, address: t.address }));
  const res = await request.post("/api/v1/token/price", { data: { items } });
  expect(res.status()).toBe(200);
  const slots = (await res.json()).data as Array<{ data?: { address: string } }>;
  expect(slots.map((s) => s.data?.address)).toEqual(items.map((i: { address: string }) => i.address));
});

test("a bad request is 400 with a code and costs no credits", async ({ request }) => {
  const res = await request.get("/api/v1/search?limit=10");
  expect(res.status()).toBe(400);
  expect((await res.json()).error).toMatchObject({ code: "missing_parameter", param: "q" });
  const unknown = await request.get("/api/v1/search?q=x&key=1");
  expect((await unknown.json()).error).toMatchObject({ code: "unknown_parameter", param: "key" });

  // Usage counters are server-wide and other tests run alongside: count on an endpoint no page calls.
  const calls = async () =>
    ((await (await request.get("/api/usage")).json()).rest.byEndpoint.tokenSecurityBatch?.calls ?? 0) as number;
  const before = await calls();
  const bad = [
    { data: {} },
    { data: { items: [] } },
    {
      data: {
        items: Array.from({ length: 501 }, () => ({ chain: "solana", address: "11111111111111111111111111111111" })),
      },
    },
    { data: "{not json", headers: { "content-type": "application/json" } },
  ];
  for (const b of bad) {
    const r = await request.post("/api/v1/token/security", b);
    expect(r.status(), JSON.stringify(b).slice(0, 80)).toBe(400);
    expect(typeof (await r.json()).error.code).toBe("string");
  }
  expect(await calls()).toBe(before);
  // §7.4: an item that names no token is answered in its own slot, by the proxy, at no cost.
  const slot = await request.post("/api/v1/token/security", {
    data: { items: [{ chain: "evm:1", address: "0xnot-an-address" }] },
  });
  expect(slot.status()).toBe(200);
  expect((await slot.json()).data).toEqual([{ error: expect.objectContaining({ code: "invalid_parameter" }) }]);
  expect(await calls()).toBe(before);
  const good = await request.post("/api/v1/token/security", {
    data: { items: [{ chain: "solana", address: "11111111111111111111111111111111" }] },
  });
  expect(good.status()).toBe(200);
  expect(await calls()).toBe(before + 1);
});

test("unknown paths are 404, wrong methods 405", async ({ request }) => {
  const nf = await request.get("/api/v1/admin");
  expect(nf.status()).toBe(404);
  expect((await nf.json()).error.code).toBe("not_found");
  const na = await request.post("/api/v1/search", { data: {} });
  expect(na.status()).toBe(405);
  expect(na.headers().allow).toBe("GET");
});

test("usage and metrics answer", async ({ request }) => {
  await request.get("/api/v1/meta/chains");
  const usage = await request.get("/api/usage");
  expect(usage.status()).toBe(200);
  const u = await usage.json();
  expect(u.rest).toMatchObject({
    spent: expect.any(Number),
    savedByCache: expect.any(Number),
    circuit: expect.any(String),
  });
  expect(typeof u.sources).toBe("object");
  const metrics = await request.get("/api/metrics");
  expect(metrics.status()).toBe(200);
  expect(metrics.headers()["content-type"]).toMatch(/^text\/plain/);
  const text = await metrics.text();
  expect(text).toContain("explorer_proxy_request_duration_seconds_bucket");
  expect(text).toContain("explorer_proxy_cache_results_total");
});

test("the upstream's own errors pass through with their code: an unknown token is 404 token_not_found", async ({
  request,
}) => {
  // Visit a page first: the proxy state is shared between the route and page bundles.
  await request.get("/pulse");
  for (const path of [
    "/api/v1/token?chain=evm:1&address=0x0000000000000000000000000000000000000001",
    "/api/v1/token/pools?chain=solana&address=11111111111111111111111111111111",
  ]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
    expect((await res.json()).error.code, path).toBe("token_not_found");
  }
});
