import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ARCHIVE_MAX_DAYS, archivedDays, archiveProfile } from "./pnl-archive";
import { DAY_MS } from "./positions";

const TODAY = 20_400 * DAY_MS;
const px = (at: number) => 2_000 + ((at / DAY_MS) % 100); // a native price that moves day to day
const wallets = Array.from({ length: 400 }, (_, i) => `0x${i.toString(16).padStart(40, "7")}`);
const walletArb = fc.constantFrom(...wallets);

describe("archived PnL days", () => {
  it("are days in [fromDay, beforeDay), oldest first, within the wallet's tenure, summing their tokens", () => {
    fc.assert(
      fc.property(walletArb, fc.integer({ min: 0, max: 400 }), (wallet, back) => {
        const from = TODAY - back * DAY_MS;
        const days = archivedDays(wallet, "evm:8453", TODAY, from, px);
        let prev = -1;
        for (const d of days) {
          expect(d.day % DAY_MS).toBe(0);
          expect(d.day).toBeGreaterThanOrEqual(from);
          expect(d.day).toBeLessThan(TODAY);
          expect(d.day).toBeGreaterThanOrEqual(TODAY - ARCHIVE_MAX_DAYS * DAY_MS);
          expect(d.day).toBeGreaterThan(prev);
          prev = d.day;
          let usd = 0;
          for (const v of d.perToken.values()) usd += v.usd;
          expect(d.realizedUsd).toBeCloseTo(usd, 6);
          expect(d.trades).toBeGreaterThanOrEqual(2 * d.perToken.size);
          expect(d.realizedNative * px(d.day + DAY_MS / 2)).toBeCloseTo(d.realizedUsd, 4);
        }
      }),
    );
  });

  it("read the same for a day whatever period asks, and on every call", () => {
    fc.assert(
      fc.property(walletArb, fc.integer({ min: 0, max: 200 }), (wallet, back) => {
        const all = archivedDays(wallet, "solana", TODAY, 0, px);
        const some = archivedDays(wallet, "solana", TODAY, TODAY - back * DAY_MS, px);
        const byDay = new Map(all.map((d) => [d.day, d.realizedUsd]));
        expect(some.length).toBeLessThanOrEqual(all.length);
        for (const d of some) expect(byDay.get(d.day)).toBe(d.realizedUsd);
        expect(archivedDays(wallet, "solana", TODAY, 0, px)).toEqual(all);
      }),
    );
  });

  it("give some wallets no history and others a mix of winners and losers", () => {
    const profiles = wallets.map((w) => archiveProfile(w, "evm:1"));
    const fresh = profiles.filter((p) => p === null).length / wallets.length;
    expect(fresh).toBeGreaterThan(0.2);
    expect(fresh).toBeLessThan(0.5);
    const totals = wallets.map((w) => archivedDays(w, "evm:1", TODAY, 0, px).reduce((s, d) => s + d.realizedUsd, 0));
    expect(totals.filter((t) => t > 0).length).toBeGreaterThan(40);
    expect(totals.filter((t) => t < 0).length).toBeGreaterThan(40);
    // A wallet's chains are separate traders' books: the same address need not have the same history everywhere.
    const differs = wallets.filter(
      (w) => JSON.stringify(archiveProfile(w, "evm:1")) !== JSON.stringify(archiveProfile(w, "solana")),
    );
    expect(differs.length).toBeGreaterThan(wallets.length / 2);
  });
});
