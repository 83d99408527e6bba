import { Rng } from "../engine/rng";
import { DAY_MS, type PnlDay } from "./positions";

// A wallet's realized PnL from before the market's live window. Traders' wallets have months of history; the live
// market has hours. Each wallet and chain gets a seeded trading profile (or none: a fresh wallet), and each archived
// day is drawn from its own stream, so a day reads the same whatever period asks for it. Regenerated on every read,
// never stored: 20,000 wallets × 180 days would not fit the index's memory budget.

/** The longest history a wallet has before its first live day. */
export const ARCHIVE_MAX_DAYS = 180;
/** Share of wallets with no history before the live window (new wallets are most of a launchpad's makers). */
const FRESH_WALLET_SHARE = 0.35;

export interface ArchiveProfile {
  tenureDays: number;
  /** Chance of trading on a given day. */
  activity: number;
  /** Mean return per token traded, as a fraction of the position (negative: a losing trader). */
  edge: number;
  /** Typical USD size of one token's position. */
  sizeUsd: number;
}

export function archiveProfile(wallet: string, chain: string): ArchiveProfile | null {
  const r = new Rng(`pnl-archive:${chain}:${wallet}`);
  if (r.chance(FRESH_WALLET_SHARE)) return null;
  return {
    tenureDays: 2 + Math.floor(r.next() ** 2 * (ARCHIVE_MAX_DAYS - 2)), // mostly weeks, a few for months
    activity: r.range(0.15, 0.85),
    edge: r.range(-0.4, 0.15),
    sizeUsd: r.logNormal(400, 1.1),
  };
}

/**
 * Archived days of `wallet` on `chain` in [fromDay, beforeDay), oldest first. `nativeUsdAt` converts a day's USD into
 * the chain's native unit at that day's price (EVM PnL is kept in native and valued at today's price, §2.8).
 */
export function archivedDays(
  wallet: string,
  chain: string,
  beforeDay: number,
  fromDay: number,
  nativeUsdAt: (at: number) => number,
): PnlDay[] {
  const p = archiveProfile(wallet, chain);
  if (!p) return [];
  const out: PnlDay[] = [];
  const first = Math.max(beforeDay - p.tenureDays * DAY_MS, Math.ceil(fromDay / DAY_MS) * DAY_MS);
  for (let day = first; day < beforeDay; day += DAY_MS) {
    const r = new Rng(`pnl-archive:${chain}:${wallet}:${day}`);
    if (!r.chance(p.activity)) continue;
    const px = nativeUsdAt(day + DAY_MS / 2);
    const d: PnlDay = { day, realizedNative: 0, realizedUsd: 0, trades: 0, perToken: new Map() };
    const tokens = r.int(1, 4);
    for (let j = 0; j < tokens; j++) {
      // A memecoin round trip: most lose a little, some lose most, a few multiply.
      const size = p.sizeUsd * r.logNormal(1, 0.6);
      const ret = r.chance(0.04) ? r.range(0.5, 4) : p.edge + 0.45 * r.normal();
      const usd = size * Math.max(-0.95, ret);
      const native = px > 0 ? usd / px : 0;
      d.perToken.set(`archive:${day}:${j}`, { native, usd });
      d.realizedUsd += usd;
      d.realizedNative += native;
      d.trades += r.int(2, 14);
    }
    out.push(d);
  }
  return out;
}
