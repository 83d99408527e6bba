import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COHORT_RULES, type CohortReport, type TokenTrade } from "@/lib/api";
import {
  type AlertRule,
  type FiredAlert,
  evaluate,
  MAX_FIRED_KEYS,
  MAX_RULES,
  MAX_SEEN,
  memoFromFired,
  type RuleMemo,
  sanitiseFired,
  sanitiseRules,
} from "./rules";

const T0 = 1_700_000_000_000;
const tok = { chain: "solana", address: "Tok1111111111111111111111111111111111111111", label: "CAT", createdAt: T0 };
const priceRule: AlertRule = { ...tok, id: "p", kind: "price", op: "above", value: 2 };
const token = (priceUsd: number | null, migrated = false) =>
  ({ type: "token", priceUsd, marketCapUsd: priceUsd === null ? null : priceUsd * 1e6, migrated }) as const;
const trade = (over: Partial<TokenTrade>): TokenTrade => ({
  at: T0 + 1000,
  maker: "dev",
  isBuy: false,
  amountToken: 1,
  amountQuote: 1,
  priceNative: 1,
  volumeNative: 1,
  volumeUsd: 100,
  isProTrader: false,
  isSniper: false,
  preconfirmed: false,
  txHash: "tx1",
  block: 1,
  logIndex: 0,
  ...over,
});

/** Runs observations through a rule; returns how many times it fired. */
function run(rule: AlertRule, observations: Parameters<typeof evaluate>[1][]): number {
  let memo: RuleMemo = {};
  let n = 0;
  for (const o of observations) {
    const r = evaluate(rule, o, memo, T0);
    memo = r.memo;
    if (r.fired) n++;
  }
  return n;
}

describe("alert rules", () => {
  it("a price rule fires on the cross, not on the level it starts at", () => {
    expect(run(priceRule, [token(3), token(3.5)])).toBe(0);
    expect(run(priceRule, [token(1), token(2)])).toBe(1);
    expect(run(priceRule, [token(1), token(2.5), token(1.5), token(2.1)])).toBe(2);
    expect(run({ ...priceRule, op: "below", value: 1 }, [token(1.5), token(0.9), token(null), token(0.8)])).toBe(1);
  });

  it("graduation fires when a bonding token migrates, never for one that already had", () => {
    const rule: AlertRule = { ...tok, id: "g", kind: "graduates" };
    expect(run(rule, [token(1, false), token(1, true), token(1, true)])).toBe(1);
    expect(run(rule, [token(1, true), token(1, true)])).toBe(0);
  });

  it("dev sells fire once per confirmed sell by the deployer after the rule was set", () => {
    const rule: AlertRule = { ...tok, id: "d", kind: "dev-sells" };
    const sell = trade({});
    const obs = (rows: TokenTrade[]) => ({ type: "trades", rows, deployer: "dev" }) as const;
    expect(run(rule, [obs([sell]), obs([sell])])).toBe(1);
    expect(run(rule, [obs([trade({ maker: "x" }), trade({ isBuy: true, txHash: "b" })])])).toBe(0);
    expect(run(rule, [obs([trade({ at: T0 - 1 })])])).toBe(0);
    expect(run(rule, [obs([trade({ preconfirmed: true })])])).toBe(0);
  });

  it("a fired dev sell is remembered by the stored alert: a new page seeing the same sell does not fire again", () => {
    const rule: AlertRule = { ...tok, id: "d", kind: "dev-sells" };
    const sells = [trade({ txHash: "s1" }), trade({ txHash: "s2" })];
    const obs = { type: "trades", rows: sells, deployer: "dev" } as const;
    const first = evaluate(rule, obs, {}, T0);
    expect(first.fired?.keys).toHaveLength(2);
    const stored = sanitiseFired([{ ...first.fired, id: "f1" }]);
    expect(stored).toHaveLength(1);
    // A reload: memory is gone, the stored alert is not.
    const again = evaluate(rule, obs, memoFromFired("d", stored), T0);
    expect(again.fired).toBeNull();
    const third = evaluate(rule, { ...obs, rows: [...sells, trade({ txHash: "s3" })] }, memoFromFired("d", stored), T0);
    expect(third.fired?.keys).toEqual([expect.stringContaining("s3")]);
    expect(memoFromFired("other", stored)).toEqual({});
  });

  it("a fired alert keeps at most MAX_FIRED_KEYS trade keys, and stored ones with more are dropped", () => {
    const rule: AlertRule = { ...tok, id: "d", kind: "dev-sells" };
    const rows = Array.from({ length: MAX_FIRED_KEYS + 5 }, (_, i) => trade({ txHash: `s${i}` }));
    const r = evaluate(rule, { type: "trades", rows, deployer: "dev" }, {}, T0);
    expect(r.fired?.keys).toHaveLength(MAX_FIRED_KEYS);
    expect(r.memo.seen).toHaveLength(MAX_FIRED_KEYS + 5);
    const tooMany = { ...r.fired, id: "f", keys: rows.map((t) => t.txHash) };
    expect(sanitiseFired([tooMany])).toEqual([]);
  });

  it("a cohort dump fires on the way up through its threshold", () => {
    const rule: AlertRule = { ...tok, id: "c", kind: "cohort-dump", cohort: "snipers", pct: 30 };
    const report = (sold: number | null): CohortReport => ({
      chain: "solana",
      address: tok.address,
      createdAt: T0,
      cohorts: [{ id: "snipers", wallets: ["a"], holdPct: 1, boughtPct: 1, soldRecentPct: sold, series: [] }],
      dev: { address: null, holdPct: null, boughtPct: 0, soldPct: 0, sold: false, firstSellAt: null },
      bundles: [],
      seriesTimes: [],
      trades: [],
      coverage: { wallets: 1, fundingChecked: 0, fundingUnknown: 0, fundingSkipped: 0, earlyComplete: true },
      rules: { ...COHORT_RULES },
    });
    const o = (s: number | null) => ({ type: "cohorts", report: report(s) }) as const;
    expect(run(rule, [o(10), o(35), o(40), o(5), o(31)])).toBe(2);
    expect(run(rule, [o(null), o(29.9)])).toBe(0);
  });

  it("a watched wallet's buys fire once each, sells never", () => {
    const rule: AlertRule = {
      id: "w",
      kind: "wallet-buys",
      chain: "solana",
      wallet: "W",
      label: "whale",
      createdAt: T0,
    };
    const row = (txHash: string, isBuy: boolean) => ({
      at: T0 + 5,
      chain: "solana",
      tokenAddress: tok.address,
      isBuy,
      amountToken: 1,
      volumeUsd: 10,
      txHash,
      tokenSymbol: "CAT",
      priceUsd: 1,
      maker: "W",
    });
    const o = (rows: ReturnType<typeof row>[]) => ({ type: "wallet-trades", rows }) as const;
    expect(run(rule, [o([row("a", true)]), o([row("a", true), row("b", false)]), o([row("c", true)])])).toBe(2);
  });

  it("a followed wallet's buy fires once, with the wallet's name; sells, small buys and older trades never", () => {
    const rule: AlertRule = { id: "f", kind: "followed-buys", label: "Followed wallets", createdAt: T0, minUsd: 20 };
    const row = (key: string, isBuy: boolean, volumeUsd = 50, at = T0 + 5) => ({
      at,
      chain: "evm:8453",
      tokenAddress: "0x00000000000000000000000000000000000000cc",
      isBuy,
      amountToken: 1,
      volumeUsd,
      txHash: key,
      priceNative: 1,
      volumeNative: 1,
      block: 1,
      logIndex: 0,
      wallet: "0x00000000000000000000000000000000000000a1",
      walletName: "whale",
      key,
    });
    const o = (rows: ReturnType<typeof row>[]) => ({ type: "followed-trades", rows }) as const;
    const first = evaluate(rule, o([row("a", true)]), {}, T0);
    expect(first.fired?.title).toBe("whale bought 0x000000");
    expect(first.fired?.href).toBe("/token/evm:8453/0x00000000000000000000000000000000000000cc");
    expect(
      run(rule, [
        o([row("a", true)]),
        o([row("a", true), row("b", false)]),
        o([row("c", true, 5), row("d", true, 50, T0 - 1)]),
        o([row("e", true)]),
      ]),
    ).toBe(2);
    // the trades it fired on are stored with the alert: after a reload they do not fire again
    const memo = memoFromFired("f", [{ id: "x", ...(first.fired as Omit<FiredAlert, "id">) }]);
    expect(evaluate(rule, o([row("a", true)]), memo, T0).fired).toBeNull();
    expect(sanitiseRules([rule, { ...rule, id: "g", minUsd: -1 }])).toEqual([rule]);
  });

  it("remembers a bounded number of trades", () => {
    const rule: AlertRule = { ...tok, id: "d", kind: "dev-sells" };
    let memo: RuleMemo = {};
    for (let i = 0; i < MAX_SEEN + 50; i++)
      memo = evaluate(rule, { type: "trades", rows: [trade({ txHash: `t${i}` })], deployer: "dev" }, memo, T0).memo;
    expect(memo.seen).toHaveLength(MAX_SEEN);
  });

  it("stored rules are sanitised: invalid dropped, ids unique, at most MAX_RULES", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.constant(priceRule),
            fc.anything(),
            fc.string({ minLength: 1, maxLength: 3 }).map((id) => ({ ...tok, id, kind: "graduates" })),
          ),
          { maxLength: 80 },
        ),
        (raw) => {
          const out = sanitiseRules(raw);
          expect(out.length).toBeLessThanOrEqual(MAX_RULES);
          expect(new Set(out.map((r) => r.id)).size).toBe(out.length);
        },
      ),
    );
    expect(sanitiseRules("nope")).toEqual([]);
    expect(sanitiseFired([{ id: "1", ruleId: "r", at: 1, title: "t", body: "b", href: "https://evil" }])).toEqual([]);
  });
});
