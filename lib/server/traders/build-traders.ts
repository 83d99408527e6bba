import type { ChainId, CohortReport, TraderTag, TradersReport } from "@/lib/api";
import type { Reader } from "@/lib/server/cohorts/upstream-reads";
import { readTapeWindow, type TapeWindow } from "./read-tape";
import { topTraders, traderRows } from "./trader-pnl";

// One traders report: the token detail, its pools and top holders (each shared with the token page's own reads
// through the proxy's cache), the tape window, and the cohort report's wallets for the tags.

export const HOLDERS_READ = 50;
/** Rows kept by each sort (their union is sent). */
export const TOP_N = 100;

const TAG_OF: Record<string, TraderTag> = { dev: "dev", snipers: "sniper", bundles: "bundle", fresh: "fresh" };

export function tagsOf(cohorts: CohortReport | null): Map<string, TraderTag[]> {
  const out = new Map<string, TraderTag[]>();
  for (const c of cohorts?.cohorts ?? []) {
    const tag = TAG_OF[c.id];
    if (!tag) continue;
    for (const w of c.wallets) out.set(w, [...(out.get(w) ?? []), tag]);
  }
  return out;
}

export async function buildTradersReport(
  reader: Reader,
  ref: { chain: ChainId; address: string },
  opts: { prior?: TapeWindow; cohorts: Promise<CohortReport | null> },
): Promise<{ report: TradersReport; tape: TapeWindow }> {
  const [detail, poolList, holders] = await Promise.all([
    reader.read("token", { query: ref }),
    reader.read("tokenPools", { query: ref }),
    reader.read("tokenHolders", { query: { ...ref, limit: HOLDERS_READ } }),
  ]);
  const pools = poolList.data.map((p) => p.address).slice(0, 50);
  const tape = pools.length ? await readTapeWindow(reader, ref, pools, opts.prior) : { trades: [], complete: true };
  const holdings = new Map(
    holders.data.filter((h) => h.label !== "pool" && h.label !== "burn").map((h) => [h.address, Number(h.amount)]),
  );
  const raw = detail.data.priceUsd;
  const price = raw !== null && Number.isFinite(raw) && raw > 0 ? raw : null;
  const rows = traderRows({
    trades: tape.trades,
    holdings,
    priceUsd: price,
    complete: tape.complete,
    tags: tagsOf(await opts.cohorts),
  });
  const report: TradersReport = {
    chain: ref.chain,
    address: detail.data.address,
    priceUsd: price,
    traders: topTraders(rows, TOP_N),
    tape: {
      rows: tape.trades.length,
      fromAt: tape.trades[0]?.at ?? null,
      toAt: tape.trades.at(-1)?.at ?? null,
      complete: tape.complete,
    },
    wallets: rows.length,
  };
  return { report, tape };
}
