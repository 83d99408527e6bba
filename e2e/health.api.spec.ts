import { expect, test } from "./fixtures";

test("GET /api/health reports the embedded market", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toContain("no-store");
  expect(response.headers()["x-powered-by"]).toBeUndefined();
  expect(await response.json()).toMatchObject({ ok: true, upstream: "embedded", version: expect.any(String) });
});
