import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evmAddress, Rng, solanaAddress } from "../engine/rng";
import type { IndexedToken } from "../index/state";
import { makersSince } from "../index/stats";
import { type Harness, type Json, startHarness } from "../testing/harness";

// §4.14 token stats: a makers count is given for windows the market knew the makers of, exactly or by its makers
// sketch (an established token's day); otherwise null (unknown, §1.5), never a short count.

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ warmupMs: 20 * 60_000, seed: 11 });
}, 60_000);
afterAll(() => h?.sim.close());

const stats = async (chain: string, address: string) => {
  const r = await h.call("GET", `/v1/token/stats?chain=${chain}&address=${address}&windows=5m,1h,6h,24h`);
  expect(r.status).toBe(200);
  return r.body.data.windows as Record<string, Json>;
};

describe("token stats makers", () => {
  it("an established token's makers are counted over its whole day: exactly over the rows it holds, estimated past them", async () => {
    // the notable established token trades ~130k times a day: its tape (and so its exactly known makers) reaches back
    // an hour or two; its makers sketch covers the rest of the day (a quieter token's whole day: tape-depth.test.ts)
    const est = (await h.control("GET", "/__control/state")).notable.establishedToken;
    const w = await stats(est.chain, est.address);
    expect(w["24h"].txns).toBeGreaterThan(50_000);
    const windows = ["5m", "1h", "6h", "24h"];
    for (const k of windows) {
      expect(w[k].makers, k).toBeGreaterThan(0);
      expect(w[k].makers, k).toBeLessThanOrEqual(w[k].txns);
    }
    for (let i = 1; i < windows.length; i++)
      expect(w[windows[i] as string].makers).toBeGreaterThanOrEqual(w[windows[i - 1] as string].makers);
    // a crowd of regulars: about one wallet per four trades, most of whom trade in the day
    expect(w["24h"].makers).toBeGreaterThan(w["24h"].txns / 8);
    expect(w["24h"].makers).toBeLessThan(w["24h"].txns / 2);
  });

  it("a launch the market saw from its first trade counts makers in every window", async () => {
    const t = await h.control("POST", "/__control/scenario", { action: "launch", chain: "evm:8453" });
    const makers = ["0x00000000000000000000000000000000000000a1", "0x00000000000000000000000000000000000000a2"];
    for (const maker of [...makers, makers[0]])
      await h.control("POST", "/__control/scenario", {
        action: "trade",
        chain: t.chain,
        address: t.address,
        side: "buy",
        usd: 20,
        maker,
      });
    h.advance(5_000); // Base swaps confirm about 2.5 s after they are seen
    const w = await stats(t.chain, t.address);
    for (const k of ["5m", "1h", "24h"]) expect(w[k].makers, k).toBeGreaterThanOrEqual(makers.length);
  });

  it("a token traded by thousands of distinct wallets in the last hour still has a 1 h makers count", async () => {
    // A busy Solana token can see ~250 distinct makers in 5 minutes (seen on the e2e market): thousands in its last
    // hour. The makers the market remembers per token must cover that hour, or the 1 h count of the very tokens
    // traders watch most would be unknown.
    const est = (await h.control("GET", "/__control/state")).notable.establishedToken;
    const crowd = 3_200;
    const rng = new Rng("a crowd of makers");
    for (let i = 0; i < crowd; i++) {
      const maker = est.chain === "solana" ? solanaAddress(rng) : evmAddress(rng);
      await h.control("POST", "/__control/scenario", {
        action: "trade",
        chain: est.chain,
        address: est.address,
        side: "buy",
        usd: 5,
        maker,
      });
      if (i % 100 === 99) h.advance(1_000);
    }
    h.advance(5_000);
    const w = await stats(est.chain, est.address);
    expect(w["1h"].makers).not.toBeNull();
    // every one of the crowd's wallets traded within the hour: the count holds them all
    expect(w["1h"].makers).toBeGreaterThanOrEqual(crowd);
    expect(w["5m"].makers).not.toBeNull();
  }, 120_000);

  it("a window reaching back to a maker forgotten at the cap is unknown", () => {
    const t = {
      createdAt: 0,
      makersFrom: 1_000,
      makersLostAt: 5_000,
      makers: new Map([["m", { lastAt: 9_000 }]]),
    };
    const count = (from: number) => makersSince(t as unknown as IndexedToken, null, from);
    expect(count(500)).toBeNull();
    expect(count(5_000)).toBeNull();
    expect(count(5_001)).toBe(1);
  });
});
