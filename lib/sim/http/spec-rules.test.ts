import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IdentityHarvested, NativeTransfer, SwapLog } from "../engine/events";
import { type Harness, type Json, startHarness } from "../testing/harness";

// Rules of the spec's conventions (§1), resources (§2) and states (§3) against the embedded market over real
// HTTP. Where a rule is about what the market did (a multi-hop swap, a late identity, a funding transfer), the
// raw events the market emits are the independent record the answers are checked against.

let h: Harness;
let state: Json;
const swaps: SwapLog[] = [];
const identities: IdentityHarvested[] = [];
const transfers: NativeTransfer[] = [];
beforeAll(async () => {
  h = await startHarness({ warmupMs: 10 * 60_000, seed: 23 });
  state = await h.control("GET", "/__control/state");
  h.sim.core.market.onEvent((e) => {
    if (e.type === "swap") swaps.push(e);
    else if (e.type === "identity") identities.push(e);
    else if (e.type === "transfer") transfers.push(e);
  });
}, 90_000);
afterAll(() => h?.sim.close());

const qs = (o: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)])).toString();
const scenario = (body: Record<string, unknown>) => h.control("POST", "/__control/scenario", body);
const close = (a: number, b: number, rel = 1e-6) => Math.abs(a - b) <= rel * Math.max(Math.abs(a), Math.abs(b));
const pulseEntry = async (view: string, chain: string, address: string) =>
  ((await h.get(`/v1/pulse?${qs({ view, chains: chain, limit: 100 })}`)).data as Json[]).find(
    (t) => t.address === address,
  );

describe("§1.6 percent fields are percents, not fractions", () => {
  it("bondingProgress runs from the launch to 100 as equal buys fill the curve", async () => {
    const launch = await scenario({ action: "launch", chain: "solana" });
    const buy = async (usd: number) =>
      (await scenario({ action: "trade", chain: "solana", address: launch.address, side: "buy", usd }))
        .bondingProgress as number | null;
    const p0 = (await buy(50)) as number;
    const d = ((await buy(50)) as number) - p0;
    expect(d).toBeGreaterThan(0);
    // equal buys sized to take about 8 points each, whatever the curve's threshold and the coin's price
    const usd = (50 * 8) / d;
    const progress: number[] = [];
    let listed = 0;
    for (let i = 0; i < 40; i++) {
      const p = await buy(usd);
      if (p === null || p >= 100) break;
      progress.push(p);
      if (p >= 20 && listed === 0) {
        // the list shows the curve's own percent
        expect((await pulseEntry("bonding", "solana", launch.address))?.bondingProgress).toBeCloseTo(p, 3);
        listed++;
      }
    }
    expect(listed).toBe(1);
    // A fraction would complete the curve at 1; a percent completes it at 100: the last value before the
    // completing buy is within one step of 100, and every equal buy adds the same share.
    expect(progress.length).toBeGreaterThan(5);
    const last = progress.at(-1) as number;
    const inc = last - progress[progress.length - 2];
    expect(inc).toBeGreaterThan(5);
    expect(last).toBeLessThan(100);
    expect(last + inc).toBeGreaterThanOrEqual(100 - 1e-3);
    for (let i = 1; i < progress.length; i++) expect(progress[i] - progress[i - 1]).toBeCloseTo(inc, 2);
  });

  it("winRate is wins / (wins + losses) × 100", async () => {
    const evm = state.notable.evmWallet;
    const s = (await h.get(`/v1/wallet/pnl?${qs({ wallet: evm.address, chain: evm.chain, period: "30d" })}`)).data
      .summary;
    expect(s.wins + s.losses).toBeGreaterThan(0);
    expect(s.winRate).toBeCloseTo((s.wins / (s.wins + s.losses)) * 100, 3);
  });

  it("priceChange1hPct is the percent move of the USD price over the last hour", async () => {
    // the most liquid Solana token with more than an hour of history
    const now = h.sim.core.now();
    const old = ((await h.get(`/v1/search?${qs({ q: "a", chain: "solana", limit: 50 })}`)).data as Json[]).find(
      (t) => t.createdAt < now - 2 * 3_600_000,
    );
    expect(old).toBeDefined();
    const tok = { chain: "solana", address: old.address as string };
    const pools = ((await h.get(`/v1/token/pools?${qs(tok)}`)).data as Json[]).map((p) => p.address);
    const hitOf = async () =>
      ((await h.get(`/v1/search?${qs({ q: tok.address, chain: "solana" })}`)).data as Json[]).find(
        (t) => t.address === tok.address,
      );
    // a buy of a tenth of the liquidity moves the price by several percent, so percent and fraction differ plainly
    await scenario({ action: "trade", ...tok, side: "buy", usd: (await hitOf()).liquidityUsd / 10 });
    const hit = await hitOf();
    const candles = (
      await h.get(`/v1/token/ohlcv?${qs({ ...tok, pools: pools.join(","), interval: "1m", quote: "usd", limit: 61 })}`)
    ).data as Json[];
    expect(candles).toHaveLength(61);
    // now: the quoted price; an hour ago: the USD candle that opened then (candles aggregate the token's pools)
    const expected = (hit.priceUsd / candles[0].open - 1) * 100;
    expect(Math.abs(expected)).toBeGreaterThan(2);
    expect(Math.abs(hit.priceChange1hPct - expected)).toBeLessThan(Math.max(0.5, Math.abs(expected) * 0.15));
  });
});

describe("§1.7 trade amounts are gross, not net of fee", () => {
  it("a buy of $U shows $U of volume on the tape and in the launch's totals, with its fee counted apart", async () => {
    const launch = await scenario({ action: "launch", chain: "solana" });
    await scenario({ action: "trade", chain: "solana", address: launch.address, side: "buy", usd: 30 });
    const before = await pulseEntry("new", "solana", launch.address);
    expect(before).toBeDefined();
    const U = 123.45;
    const r = await scenario({ action: "trade", chain: "solana", address: launch.address, side: "buy", usd: U });
    const tape = (
      await h.get(`/v1/token/trades?${qs({ chain: "solana", address: launch.address, pools: launch.pool, limit: 10 })}`)
    ).data as Json[];
    const row = tape.find((t) => t.txHash === r.trade.txHash);
    expect(row).toBeDefined();
    expect(close(row.volumeUsd, U)).toBe(true);
    const native = (await h.get("/v1/prices/native")).data.solana.priceUsd;
    expect(close(row.volumeNative, U / native, 1e-4)).toBe(true);
    const after = await pulseEntry("new", "solana", launch.address);
    expect(close(after.volumeUsd - before.volumeUsd, U, 1e-6)).toBe(true);
    const fee = after.feesUsd - before.feesUsd;
    expect(fee).toBeGreaterThan(0);
    expect(fee).toBeLessThan(U * 0.05);
  });
});

describe("§2.8 PnL on EVM is spot: native PnL at the current native price", () => {
  it("the same realized native PnL is worth more or less USD as the native price moves", async () => {
    const chain = "evm:8453";
    const maker = `0x${"5ec0".repeat(10)}`;
    const launch = await scenario({ action: "launch", chain });
    await scenario({ action: "trade", chain, address: launch.address, side: "buy", usd: 200, maker });
    for (let i = 0; i < 4; i++)
      await scenario({ action: "trade", chain, address: launch.address, side: "buy", usd: 300 });
    // sells it all: the market's own sellers are holders, and this wallet must trade no more
    await scenario({ action: "trade", chain, address: launch.address, side: "sell", usd: 1e9, maker });
    h.advance(10_000);
    const read = async () => {
      const pnl = (await h.get(`/v1/wallet/pnl?${qs({ wallet: maker, chain, period: "1d" })}`)).data;
      const px = (await h.get("/v1/prices/native")).data[chain].priceUsd as number;
      return { pnl, px };
    };
    const a = await read();
    expect(a.pnl.usdBasis).toBe("spot");
    expect(a.pnl.summary.trades).toBe(2);
    expect(a.pnl.summary.realizedPnlUsd).toBeGreaterThan(0);
    // not long: the index forgets the least recently active wallets first, and this one trades no more
    for (let i = 0; i < 12; i++) h.advance(15_000);
    const b = await read();
    expect(b.pnl.usdBasis).toBe("spot");
    expect(b.px).not.toBe(a.px);
    expect(close(b.pnl.summary.realizedPnlUsd / b.px, a.pnl.summary.realizedPnlUsd / a.px, 1e-6)).toBe(true);
    expect(b.pnl.summary.realizedPnlUsd).not.toBeCloseTo(a.pnl.summary.realizedPnlUsd, 6);
  });
});

describe("§2.2 wallet trades are multi-hop deduplicated end to end", () => {
  it("a router's two-pool swap is one row per transaction, token and side, with both legs' amounts", async () => {
    swaps.length = 0;
    for (let i = 0; i < 20; i++) h.advance(15_000);
    const groups = new Map<string, SwapLog[]>();
    for (const s of swaps) {
      if (s.chain === "solana") continue;
      const k = `${s.chain}|${s.txHash}|${s.token}|${s.isBuy}`;
      groups.set(k, [...(groups.get(k) ?? []), s]);
    }
    const multi = [...groups.values()].filter((g) => g.length > 1 && new Set(g.map((s) => s.pool)).size > 1);
    expect(multi.length).toBeGreaterThan(0);
    let checked = 0;
    for (const g of multi.slice(0, 5)) {
      const { chain, origin, txHash, token, isBuy } = g[0];
      const rows = (await h.get(`/v1/wallet/trades?${qs({ chain, wallet: origin, limit: 100 })}`)).data as Json[];
      const mine = rows.filter((r) => r.txHash === txHash && r.tokenAddress === token && r.isBuy === isBuy);
      if (g.some((s) => s.at < rows.at(-1)?.at)) continue; // older than the page: not this wallet's recent history
      expect(mine).toHaveLength(1);
      expect(
        close(
          mine[0].amountToken,
          g.reduce((a, s) => a + s.amountToken, 0),
          1e-6,
        ),
      ).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
    const evm = state.notable.evmWallet;
    const all = (await h.get(`/v1/wallet/trades?${qs({ chain: evm.chain, wallet: evm.address, limit: 100 })}`))
      .data as Json[];
    const keys = all.map((r) => `${r.txHash}|${r.tokenAddress}|${r.isBuy}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe("§3 the bonding view is sorted by bonding percent", () => {
  it("orders every chain's active curves by progress, highest first, and places a pushed launch by its percent", async () => {
    const launch = await scenario({ action: "launch", chain: "solana" });
    const p1 = (await scenario({ action: "trade", chain: "solana", address: launch.address, side: "buy", usd: 50 }))
      .bondingProgress;
    let r = await scenario({ action: "trade", chain: "solana", address: launch.address, side: "buy", usd: 50 });
    const usd = (50 * 30) / (r.bondingProgress - p1);
    r = await scenario({ action: "trade", chain: "solana", address: launch.address, side: "buy", usd });
    expect(r.bondingProgress).toBeGreaterThan(15);
    const list = (await h.get(`/v1/pulse?${qs({ view: "bonding", chains: "solana,evm:8453,evm:56", limit: 100 })}`))
      .data as Json[];
    expect(list.length).toBeGreaterThan(2);
    const p = list.map((t) => t.bondingProgress as number);
    expect(p).toEqual([...p].sort((a, b) => b - a));
    const i = list.findIndex((t) => t.address === launch.address);
    expect(i).toBeGreaterThanOrEqual(0);
    expect(list[i].bondingProgress).toBeCloseTo(r.bondingProgress, 3);
  });
});

describe("§2.6 an identity arriving later", () => {
  it("a wallet with no profile gains one when its identity is harvested", async () => {
    // candidates: the makers on the busiest tapes, pro traders first (most of them have an identity, some late)
    const makers = new Set<string>();
    for (const t of [state.notable.establishedToken, state.notable.graduatedToken, state.notable.baseToken]) {
      const tape = (
        await h.get(
          `/v1/token/trades?${qs({ chain: t.chain, address: t.address, pools: t.pools.join(","), limit: 500 })}`,
        )
      ).data as Json[];
      for (const r of tape) makers.add(r.maker);
    }
    const candidates = [...makers].slice(0, 100);
    expect(candidates.length).toBeGreaterThan(5);
    const profiles = async () =>
      (await h.call("POST", "/v1/wallet/profile", { body: { items: candidates.map((address) => ({ address })) } })).body
        .data as (Json | null)[];
    const before = await profiles();
    const absent = new Set(candidates.filter((_, i) => before[i].data === null));
    expect(absent.size).toBeGreaterThan(0);
    identities.length = 0;
    const harvested = new Map<string, IdentityHarvested>();
    // A minute of market time at a time, until a harvest names a wallet without a profile (an hour at most).
    for (let i = 0; i < 60 && ![...absent].some((w) => harvested.has(w)); i++) {
      h.advance(60_000);
      for (const e of identities) for (const w of e.wallets) harvested.set(w, e);
    }
    const after = await profiles();
    let gained = 0;
    candidates.forEach((w, i) => {
      const p = after[i].data;
      const e = harvested.get(w);
      if (absent.has(w) && e) {
        expect(p, w).not.toBeNull();
        expect(p.identityGroup).toBe(e.group);
        gained++;
      }
      if (absent.has(w) && p !== null) expect(e, w).toBeDefined();
    });
    expect(gained).toBeGreaterThan(0);
  });
});

describe("§2.9 funding is the earliest native transfer", () => {
  it("names the first transfer a wallet received, not a later one", async () => {
    transfers.length = 0;
    const t0 = h.sim.core.now();
    for (let i = 0; i < 30; i++) h.advance(60_000);
    const first = new Map<string, NativeTransfer>();
    for (const t of transfers) {
      const k = `${t.chain}|${t.to}`;
      if (!first.has(k)) first.set(k, t);
    }
    expect(first.size).toBeGreaterThan(0);
    let fresh = 0;
    for (const [k, t] of [...first].slice(0, 60)) {
      const f = (await h.get(`/v1/wallet/funding?${qs({ chain: t.chain, wallet: t.to })}`)).data;
      expect(f, k).not.toBeNull();
      expect(f.fundedAt).toBeLessThanOrEqual(t.at);
      if (f.fundedAt >= t0) {
        expect(f).toMatchObject({
          chain: t.chain,
          funder: t.from,
          fundedAt: t.at,
          txHash: t.txHash,
          amountNative: t.amountNative,
        });
        fresh++;
      }
    }
    expect(fresh).toBeGreaterThan(0);
  });
});
