import { expect, test } from "./fixtures";
import { simScenario } from "./sim";

// GET /api/token/traders over HTTP: validated before anything is spent, per-wallet sums equal to the tape's, one
// shared report per token.

test("bad input is a 400 with error.code", async ({ request }) => {
  for (const [qs, code] of [
    ["chain=solana", "missing_parameter"],
    ["chain=solana&address=nope", "invalid_parameter"],
    ["chain=evm:1&address=So11111111111111111111111111111111111111112", "invalid_parameter"],
    ["chain=solana&address=So11111111111111111111111111111111111111112&sort=pnl", "unknown_parameter"],
  ] as const) {
    const res = await request.get(`/api/token/traders?${qs}`);
    expect(res.status(), qs).toBe(400);
    expect((await res.json()).error.code).toBe(code);
  }
});

test("a launch's traders add up to its tape; a second viewer gets the same report for free", async ({ request }) => {
  const t = (await simScenario({ action: "launch", chain: "solana", bundle: 3 })).data;
  const url = `/api/token/traders?chain=solana&address=${t.address}`;
  const first = await request.get(url);
  expect(first.status()).toBe(200);
  const body = await first.json();
  expect(body.meta.credits).toBeGreaterThan(0);
  expect(body.data.tape.complete).toBe(true);
  // the same tape through the proxy, whole (a launch this young fits in one page)
  const pools = (await (await request.get(`/api/v1/token/pools?chain=solana&address=${t.address}`)).json()).data
    .map((p: { address: string }) => p.address)
    .join(",");
  const tape = (
    await (
      await request.get(`/api/v1/token/trades?chain=solana&address=${t.address}&pools=${pools}&limit=500`)
    ).json()
  ).data.filter((r: { preconfirmed: boolean; at: number }) => !r.preconfirmed && r.at <= body.data.tape.toAt);
  for (const row of body.data.traders) {
    const mine = tape.filter((r: { maker: string }) => r.maker === row.wallet);
    const sum = (buy: boolean) =>
      mine.filter((r: { isBuy: boolean }) => r.isBuy === buy).reduce((s: number, r: { volumeUsd: number }) => s + r.volumeUsd, 0);
    expect(row.boughtUsd).toBeCloseTo(sum(true), 6);
    expect(row.soldUsd).toBeCloseTo(sum(false), 6);
  }
  for (const w of t.bundle.wallets)
    expect(body.data.traders.find((r: { wallet: string }) => r.wallet === w)?.tags).toContain("bundle");
  const again = await request.get(url);
  expect(again.headers()["x-cache"]).toBe("hit");
  expect((await again.json()).meta.credits).toBe(0);
});
