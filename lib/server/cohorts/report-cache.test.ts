import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api";
import { createReportCache, type TokenRef } from "./report-cache";

const REF: TokenRef = { chain: "solana", address: "So11111111111111111111111111111111111111112" };
const TTL = 30_000;

interface Env {
  data: { round: number; prior: number | undefined };
  meta: { asOf: number; credits: number; degraded?: boolean };
}

/** A cache over a scripted round: each round costs `credits` and keeps its number for the next one. */
function setup(credits = 4) {
  let t = 1_000;
  let rounds = 0;
  let fail: ApiError | undefined;
  const cache = createReportCache<Env, number>({
    max: 2,
    ttlMs: TTL,
    maxComputing: 8,
    now: () => t,
    async compute(_ref, prior, at) {
      const round = ++rounds;
      await Promise.resolve();
      if (fail) throw fail;
      return { envelope: { data: { round, prior }, meta: { asOf: at, credits } }, keep: round };
    },
  });
  return {
    cache,
    rounds: () => rounds,
    advance: (ms: number) => {
      t += ms;
    },
    failWith: (e: ApiError | undefined) => {
      fail = e;
    },
  };
}

describe("report cache", () => {
  it("computes one report per token per TTL; a cached answer costs nothing; the next round starts from the last", async () => {
    const s = setup();
    const first = await s.cache.get(REF);
    expect(first).toEqual({
      cache: "miss",
      envelope: { data: { round: 1, prior: undefined }, meta: { asOf: 1_000, credits: 4 } },
    });
    s.advance(TTL - 1);
    const again = await s.cache.get(REF);
    expect(again.cache).toBe("hit");
    expect(again.envelope.meta.credits).toBe(0);
    expect(s.rounds()).toBe(1);
    s.advance(1);
    const next = await s.cache.get(REF);
    expect(next).toEqual({
      cache: "miss",
      envelope: { data: { round: 2, prior: 1 }, meta: { asOf: 1_000 + TTL, credits: 4 } },
    });
  });

  it("lets concurrent askers join the round in flight; only the round's own answer carries its credits", async () => {
    const s = setup();
    const got = await Promise.all([1, 2, 3].map(() => s.cache.get(REF)));
    expect(s.rounds()).toBe(1);
    expect(got.map((g) => g.cache).sort()).toEqual(["coalesced", "coalesced", "miss"]);
    expect(got.reduce((sum, g) => sum + g.envelope.meta.credits, 0)).toBe(4);
  });

  it("answers a failed round with the older report, flagged degraded, at no credits (they were counted when it was built)", async () => {
    const s = setup();
    await s.cache.get(REF);
    s.advance(TTL);
    s.failWith(new ApiError("upstream_error", "down", { status: 502 }));
    const stale = await s.cache.get(REF);
    expect(stale).toEqual({
      cache: "hit",
      envelope: { data: { round: 1, prior: undefined }, meta: { asOf: 1_000, credits: 0, degraded: true } },
    });
    // The stored report is unchanged: it is served whole again once a round succeeds.
    s.failWith(undefined);
    expect((await s.cache.get(REF)).envelope.meta).toEqual({ asOf: 1_000 + TTL, credits: 4 });
  });

  it("passes on a client error, and any error without an older report", async () => {
    const s = setup();
    s.failWith(new ApiError("upstream_error", "down", { status: 502 }));
    await expect(s.cache.get(REF)).rejects.toMatchObject({ status: 502 });
    s.failWith(undefined);
    await s.cache.get(REF);
    s.advance(TTL);
    s.failWith(new ApiError("token_not_found", "gone", { status: 404 }));
    await expect(s.cache.get(REF)).rejects.toMatchObject({ status: 404 });
  });

  it("holds at most `max` tokens", async () => {
    const s = setup();
    for (const address of ["a", "b", "c"]) await s.cache.get({ ...REF, address });
    expect(s.cache.size()).toBe(2);
  });
});
