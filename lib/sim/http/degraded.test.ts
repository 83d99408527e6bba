import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../testing/harness";

// §1.5 / §7.3: while a chain's native price is stale, every response with USD figures derived from it says so with
// meta.degraded — null where our shapes allow it (token detail, price), the last published figure where §2 types the
// field as a number (search §2.1, pulse §2.4, positions §2.7, spot PnL §2.8).

const STALLING = "evm:645749"; // its feed stalls 3 min every 20 (docs/sim.md)
const MAKER = "0x00000000000000000000000000000000000000d7";
let h: Harness;
let launched: { chain: string; address: string; symbol: string };

beforeAll(async () => {
  h = await startHarness({ warmupMs: 2 * 60_000, seed: 8 });
  launched = await h.control("POST", "/__control/scenario", { action: "launch", chain: STALLING });
  await h.control("POST", "/__control/scenario", {
    action: "trade",
    chain: STALLING,
    address: launched.address,
    side: "buy",
    usd: 50,
    maker: MAKER,
  });
}, 60_000);
afterAll(() => h?.sim.close());

const get = (path: string) => h.get(path);
const reads = () => ({
  search: `/v1/search?q=${encodeURIComponent(launched.address)}&chain=${STALLING}`,
  pulse: `/v1/pulse?view=new&chains=${STALLING}`,
  positions: `/v1/wallet/positions?chain=${STALLING}&wallet=${MAKER}`,
  pnl: `/v1/wallet/pnl?chain=${STALLING}&wallet=${MAKER}`,
  pnlAllEvm: `/v1/wallet/pnl?wallet=${MAKER}`,
  token: `/v1/token?chain=${STALLING}&address=${launched.address}`,
});

/** Moves the virtual clock until the feed is (or is not) stale: bounded, one stall every 20 minutes. */
function until(stale: boolean): void {
  for (let i = 0; i < 80 && h.sim.core.index.nativeStale(STALLING) !== stale; i++) h.advance(30_000);
  expect(h.sim.core.index.nativeStale(STALLING)).toBe(stale);
}

describe("stale native price", () => {
  it("is not flagged while the feed is fresh", async () => {
    until(false);
    for (const [name, path] of Object.entries(reads())) {
      const body = await get(path);
      expect(body.meta.degraded, name).toBeUndefined();
    }
  });

  it("flags search, pulse, positions and PnL with meta.degraded, as token detail does", async () => {
    until(true);
    const r = reads();
    const search = await get(r.search);
    expect(search.data[0].address).toBe(launched.address);
    expect(typeof search.data[0].priceUsd).toBe("number"); // §2.1: number, so the last published figure stays
    expect(search.meta.degraded).toBe(true);
    const pulse = await get(r.pulse);
    expect(pulse.data.map((t: { address: string }) => t.address)).toContain(launched.address);
    expect(pulse.meta).toMatchObject({ view: "new", degraded: true });
    const positions = await get(r.positions);
    expect(positions.data.length).toBeGreaterThan(0);
    expect(positions.meta.degraded).toBe(true);
    expect((await get(r.pnl)).meta.degraded).toBe(true);
    expect((await get(r.pnlAllEvm)).meta.degraded).toBe(true);
    const token = await get(r.token);
    expect(token.data.priceUsd).toBeNull();
    expect(token.meta.degraded).toBe(true);
    const pools = await get(`/v1/token/pools?chain=${STALLING}&address=${launched.address}`);
    expect(pools.data.length).toBeGreaterThan(0);
    for (const p of pools.data) expect([p.priceUsd, p.liquidityUsd]).toEqual([null, null]);
    expect(pools.meta.degraded).toBe(true);
    // Other chains are unaffected.
    expect((await get("/v1/pulse?view=new&chains=solana")).meta.degraded).toBeUndefined();
  });
});
