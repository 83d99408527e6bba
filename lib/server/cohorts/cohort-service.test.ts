import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CohortEnvelope } from "@/lib/api";
import { createTestProxy, type TestProxy } from "@/lib/server/testing/test-state";
import { createClock } from "@/lib/sim/engine/clock";
import { type SimService, startSimService } from "@/lib/sim/service";
import { FUNDING_NEW_PER_REPORT } from "./build-report";
import { type CohortService, createCohortService, REPORT_TTL_MS } from "./cohort-service";
import { handleCohortRequest } from "./handle-cohort-request";

// Cohort reports against the real embedded market: a generated bundle is found with its funder and funding
// transfers, the upstream reads are bounded, and viewers share one report.

const KEY = "cohort-key-3b9f1e7c2a";
const clock = createClock({ virtual: true, start: Date.UTC(2026, 5, 1, 12) });
let sim: SimService;
let tp: TestProxy;
let service: CohortService;
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

const ask = async (query: string) => {
  const res = await handleCohortRequest(new Request(`http://localhost/api/token/cohorts?${query}`), {
    service,
    state: tp.state,
  });
  return { status: res.status, cache: res.headers.get("x-cache"), body: (await res.json()) as CohortEnvelope };
};

beforeAll(async () => {
  sim = await startSimService({ key: KEY, seed: 11, clock, warmupMs: 5 * 60_000 });
  tp = createTestProxy({ baseUrl: sim.baseUrl, key: KEY }, { rateLimitPerSec: 0 }, () => clock.now());
  service = createCohortService({ state: () => tp.state, now: () => clock.now() });
  launched = await control({ action: "launch", chain: "solana", bundle: 4 });
  clock.advance(90_000);
}, 120_000);
afterAll(async () => {
  await tp?.state.close();
  await sim?.close();
});

describe("GET /api/token/cohorts", () => {
  it("finds the launch's bundle with its common funder and each funding transfer", async () => {
    const r = await ask(`chain=solana&address=${launched.address}`);
    expect(r.status).toBe(200);
    const report = r.body.data;
    expect(report.bundles).toHaveLength(1);
    const b = report.bundles[0];
    expect(b?.funder).toBe(launched.bundle.funder);
    expect(b?.wallets.map((w) => w.address).sort()).toEqual([...launched.bundle.wallets].sort());
    for (const w of b?.wallets ?? []) {
      expect(w.funding.funder).toBe(launched.bundle.funder);
      expect(w.funding.txHash.length).toBeGreaterThan(20);
    }
    expect(report.dev.address).toBe(launched.creator);
    expect(report.cohorts.find((c) => c.id === "bundles")?.holdPct).toBeGreaterThan(0);
    // Bounded: a handful of reads plus at most FUNDING_NEW_PER_REPORT funding lookups.
    expect(r.body.meta.credits).toBeGreaterThan(0);
    expect(r.body.meta.credits).toBeLessThanOrEqual(8 + FUNDING_NEW_PER_REPORT);
  });

  it("serves viewers one shared report within its TTL, and concurrent askers one computation", async () => {
    const again = await ask(`chain=solana&address=${launched.address}`);
    expect(again.cache).toBe("hit");
    expect(again.body.meta.credits).toBe(0);
    clock.advance(REPORT_TTL_MS + 1);
    const spentBefore = sim.ledger.spent(KEY);
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => ask(`chain=solana&address=${launched.address}`)));
    expect([a, b, c].map((x) => x.cache).sort()).toEqual(["coalesced", "coalesced", "miss"]);
    // A stale copy's refresh runs after the answer: let it land before counting.
    while (tp.state.proxy.inFlight() > 0) await new Promise((r) => setTimeout(r, 5));
    const spent = sim.ledger.spent(KEY) - spentBefore;
    expect(spent).toBe([a, b, c].reduce((s, x) => s + (x?.body.meta.credits ?? 0), 0));
    expect(spent).toBeLessThanOrEqual(8 + FUNDING_NEW_PER_REPORT);
  });

  it("answers 400 with error.code for bad input, spending nothing", async () => {
    const before = sim.ledger.spent(KEY);
    const cases = [
      [`address=${launched.address}`, "missing_parameter"],
      ["chain=solana&address=not-an-address", "invalid_parameter"],
      [`chain=evm:1&address=${launched.address}`, "invalid_parameter"],
      [`chain=solana&address=${launched.address}&limit=3`, "unknown_parameter"],
    ] as const;
    for (const [q, code] of cases) {
      const r = await ask(q);
      expect(r.status, q).toBe(400);
      expect((r.body as unknown as { error: { code: string } }).error.code).toBe(code);
    }
    expect(sim.ledger.spent(KEY)).toBe(before);
  });

  it("says token_not_found for a token the market does not know", async () => {
    const r = await ask("chain=solana&address=So11111111111111111111111111111111111111112");
    expect(r.status).toBe(404);
  });
});
