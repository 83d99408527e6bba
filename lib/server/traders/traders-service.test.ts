import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TokenTrade, TradersEnvelope } from "@/lib/api";
import { createCohortService } from "@/lib/server/cohorts/cohort-service";
import { createTestProxy, type TestProxy } from "@/lib/server/testing/test-state";
import { createClock } from "@/lib/sim/engine/clock";
import { type SimService, startSimService } from "@/lib/sim/service";
import { handleTradersRequest } from "./handle-traders-request";
import { FIRST_PAGES } from "./read-tape";
import { createTradersService, REPORT_TTL_MS, type TradersService } from "./traders-service";

// Traders reports against the real embedded market: per-wallet sums equal the tape's, cohort tags come along,
// viewers share one report, later rounds read only what is new, and bad input is a 400 that spends nothing.

const KEY = "traders-key-6c1d0e9a4f";
const clock = createClock({ virtual: true, start: Date.UTC(2026, 5, 1, 12) });
let sim: SimService;
let tp: TestProxy;
let service: TradersService;
let launched: { chain: string; address: string; creator: string; bundle: { funder: string; wallets: string[] } };

const control = async (body: unknown) =>
  (
    (await (
      await fetch(`${sim.baseUrl}/__control/scenario`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      })
    ).json()) as { data: typeof launched }
  ).data;

const upstream = async <T>(path: string): Promise<T> =>
  (await (await fetch(`${sim.baseUrl}${path}`, { headers: { authorization: KEY } })).json()) as T;

/** The whole tape straight from the market, every page. */
async function wholeTape(chain: string, address: string): Promise<TokenTrade[]> {
  const pools = (await upstream<{ data: { address: string }[] }>(`/v1/token/pools?chain=${chain}&address=${address}`))
    .data.map((p) => p.address)
    .join(",");
  const rows: TokenTrade[] = [];
  let cursor = "";
  for (;;) {
    const q = new URLSearchParams({ chain, address, pools, limit: "500", ...(cursor ? { cursor } : {}) });
    const page = await upstream<{ data: TokenTrade[]; meta: { hasMore: boolean; nextCursor: string | null } }>(
      `/v1/token/trades?${q}`,
    );
    rows.push(...page.data);
    if (!page.meta.hasMore || !page.meta.nextCursor) return rows;
    cursor = page.meta.nextCursor;
  }
}

const ask = async (query: string) => {
  const res = await handleTradersRequest(new Request(`http://localhost/api/token/traders?${query}`), {
    service,
    state: tp.state,
  });
  return { status: res.status, cache: res.headers.get("x-cache"), body: (await res.json()) as TradersEnvelope };
};

beforeAll(async () => {
  sim = await startSimService({ key: KEY, seed: 11, clock, warmupMs: 5 * 60_000 });
  tp = createTestProxy({ baseUrl: sim.baseUrl, key: KEY }, { rateLimitPerSec: 0 }, () => clock.now());
  const cohorts = createCohortService({ state: () => tp.state, now: () => clock.now() });
  service = createTradersService({ state: () => tp.state, now: () => clock.now(), cohorts: () => cohorts });
  launched = await control({ action: "launch", chain: "solana", bundle: 4 });
  clock.advance(90_000);
}, 120_000);
afterAll(async () => {
  await tp?.state.close();
  await sim?.close();
});

describe("GET /api/token/traders", () => {
  it("sums each wallet's buys and sells as the tape does, and tags the launch's bundle wallets", async () => {
    const r = await ask(`chain=solana&address=${launched.address}`);
    expect(r.status).toBe(200);
    const report = r.body.data;
    const tape = (await wholeTape("solana", launched.address)).filter((t) => !t.preconfirmed);
    expect(report.tape.complete).toBe(true);
    expect(report.tape.rows).toBe(tape.length);
    expect(report.wallets).toBe(new Set(tape.map((t) => t.maker)).size);
    for (const row of report.traders) {
      const mine = tape.filter((t) => t.maker === row.wallet);
      const sum = (buy: boolean) => mine.filter((t) => t.isBuy === buy).reduce((s, t) => s + t.volumeUsd, 0);
      expect(row.boughtUsd).toBeCloseTo(sum(true), 6);
      expect(row.soldUsd).toBeCloseTo(sum(false), 6);
      expect(row.trades).toBe(mine.length);
      expect(row.coverage).toBe("full");
    }
    for (const w of launched.bundle.wallets) expect(report.traders.find((t) => t.wallet === w)?.tags, w).toContain("bundle");
    // holdings come from the holders list for the wallets in it
    const holders = (
      await upstream<{ data: { address: string; amount: string }[] }>(
        `/v1/token/holders?chain=solana&address=${launched.address}&limit=50`,
      )
    ).data;
    let listed = 0;
    for (const row of report.traders) {
      const h = holders.find((x) => x.address === row.wallet);
      if (!h) continue;
      listed++;
      expect(row.holdingFrom).toBe("holders");
      expect(row.holdingAmount).toBeCloseTo(Number(h.amount), 6);
    }
    expect(listed).toBeGreaterThan(0);
    expect(r.body.meta.credits).toBeGreaterThan(0);
  });

  it("serves viewers one report within its TTL, and a later round reads only the new rows", async () => {
    const again = await ask(`chain=solana&address=${launched.address}`);
    expect(again.cache).toBe("hit");
    expect(again.body.meta.credits).toBe(0);
    clock.advance(REPORT_TTL_MS + 1);
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => ask(`chain=solana&address=${launched.address}`)));
    expect([a, b, c].map((x) => x.cache).sort()).toEqual(["coalesced", "coalesced", "miss"]);
    const spent = [a, b, c].reduce((s, x) => s + (x?.body.meta.credits ?? 0), 0);
    // token, pools and holders at most, the cohort report's round, and one page of new rows: never a first read again
    expect(spent).toBeLessThan(FIRST_PAGES + 3 + 20);
    const tape = (await wholeTape("solana", launched.address)).filter((t) => !t.preconfirmed);
    const report = a?.body.data;
    expect(report?.tape.rows).toBe(tape.length);
  });

  it("answers 400 with error.code for bad input, spending nothing", async () => {
    const before = sim.ledger.spent(KEY);
    const cases = [
      [`address=${launched.address}`, "missing_parameter"],
      ["chain=solana&address=not-an-address", "invalid_parameter"],
      [`chain=evm:1&address=${launched.address}`, "invalid_parameter"],
      [`chain=solana&address=${launched.address}&sort=pnl`, "unknown_parameter"],
    ] as const;
    for (const [q, code] of cases) {
      const r = await ask(q);
      expect(r.status, q).toBe(400);
      expect((r.body as unknown as { error: { code: string } }).error.code).toBe(code);
    }
    expect(sim.ledger.spent(KEY)).toBe(before);
  });

  it("says token_not_found for a token the market does not know", async () => {
    expect((await ask("chain=solana&address=So11111111111111111111111111111111111111112")).status).toBe(404);
  });
});
