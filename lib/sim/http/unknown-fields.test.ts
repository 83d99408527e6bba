import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findEndpoint } from "@/lib/api";
import type { IndexedToken } from "../index/state";
import { type Harness, type Json, startHarness } from "../testing/harness";

// §1.5 / §7.3 over HTTP: a figure the market does not know is `null` with `meta.degraded`, never a made-up value
// (an empty quote symbol, a 0 % bonding progress, 0 holders, a check time borrowed from the creation time).

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ warmupMs: 5 * 60_000, seed: 3 });
}, 90_000);
afterAll(() => h?.sim.close());

const launches = () => [...h.sim.core.index.tokens.values()].filter((t) => t.factory !== null && t.pricing !== null);
const q = (t: IndexedToken) => `chain=${encodeURIComponent(t.chain)}&address=${t.address}`;
const parse = (path: string, body: Json) => {
  const def = findEndpoint("GET", path).def;
  expect(def).not.toBeNull();
  for (const [part, schema] of [
    ["data", def?.data],
    ["meta", def?.meta],
  ] as const) {
    const r = schema?.safeParse(body[part]);
    expect(r?.success, `${path} ${part}: ${JSON.stringify(r?.error?.issues)}`).toBe(true);
  }
};

describe("unknown figures are null with meta.degraded", () => {
  it("token detail before its pool and bonding progress are known", async () => {
    const t = launches()[0];
    const { pricing, curvePool, bondingProgress } = t;
    // the state of a launch indexed before its first pool event and curve reading arrive
    t.pricing = null;
    t.curvePool = null;
    t.bondingProgress = null;
    try {
      const body = await h.get(`/v1/token?${q(t)}`);
      expect(body.data.quoteSymbol).toBeNull();
      expect(body.data.launchpad.bondingProgress).toBeNull();
      expect(body.meta.degraded).toBe(true);
      parse("/v1/token", body);
      const batch = await h.call("POST", "/v1/token", { body: { items: [{ chain: t.chain, address: t.address }] } });
      expect(batch.body.data[0].data.quoteSymbol).toBeNull();
      expect(batch.body.meta.degraded).toBe(true);
    } finally {
      Object.assign(t, { pricing, curvePool, bondingProgress });
    }
    const known = await h.get(`/v1/token?${q(t)}`);
    expect(known.data.quoteSymbol).toBe(pricing?.quoteSymbol);
    expect(known.data.launchpad.bondingProgress).toBeGreaterThanOrEqual(0);
    expect(known.meta.degraded).toBeUndefined();
  });

  it("holders and security of a token the chain no longer tracks", async () => {
    const t = launches()[1];
    const ctx = h.sim.core.market.ctx;
    const key = `${t.chain}|${t.address}`;
    const chainToken = ctx.tokens.get(key);
    expect(chainToken).toBeDefined();
    const before = await h.get(`/v1/token/security?${q(t)}`);
    expect(before.data.checkedAt).toBe(chainToken?.security.checkedAt);
    expect(before.meta?.degraded).toBeUndefined();
    // the window between the chain forgetting a token and the index applying its retirement
    ctx.tokens.delete(key);
    try {
      const holders = await h.get(`/v1/token/holders?${q(t)}`);
      expect(holders.meta.holders).toBeNull();
      expect(holders.meta.degraded).toBe(true);
      parse("/v1/token/holders", holders);
      const sec = await h.get(`/v1/token/security?${q(t)}`);
      expect(sec.data.checkedAt).toBeNull();
      expect(sec.data.mintAuthority).toBeNull();
      expect(sec.meta.degraded).toBe(true);
      parse("/v1/token/security", sec);
      const batch = await h.call("POST", "/v1/token/security", {
        body: { items: [{ chain: t.chain, address: t.address }] },
      });
      expect(batch.body.data[0].data.checkedAt).toBeNull();
      expect(batch.body.meta.degraded).toBe(true);
    } finally {
      if (chainToken) ctx.tokens.set(key, chainToken);
    }
  });
});
