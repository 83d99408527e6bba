import { expect, test } from "./fixtures";
import { simScenario } from "./sim";

// GET /api/token/cohorts over HTTP: validated before anything is spent, one shared report per token.

test("bad input is a 400 with error.code", async ({ request }) => {
  for (const [qs, code] of [
    ["chain=solana", "missing_parameter"],
    ["chain=solana&address=nope", "invalid_parameter"],
    ["chain=solana&address=So11111111111111111111111111111111111111112&x=1", "unknown_parameter"],
  ] as const) {
    const res = await request.get(`/api/token/cohorts?${qs}`);
    expect(res.status(), qs).toBe(400);
    expect((await res.json()).error.code).toBe(code);
  }
});

test("a launch's report names its bundle; a second viewer gets the same report for free", async ({ request }) => {
  const t = (await simScenario({ action: "launch", chain: "solana", bundle: 3 })).data;
  const url = `/api/token/cohorts?chain=solana&address=${t.address}`;
  const first = await request.get(url);
  expect(first.status()).toBe(200);
  const body = await first.json();
  expect(body.data.bundles[0].funder).toBe(t.bundle.funder);
  const again = await request.get(url);
  expect(again.headers()["x-cache"]).toBe("hit");
  expect((await again.json()).meta.credits).toBe(0);
});
