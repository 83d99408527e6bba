import { LRUCache } from "lru-cache";
import { ApiError, type ChainId, type CohortReport, type TradersEnvelope } from "@/lib/api";
import { type CohortService, getCohortService } from "@/lib/server/cohorts/cohort-service";
import { createReader } from "@/lib/server/cohorts/upstream-reads";
import { createCoalescer } from "@/lib/server/proxy/coalescer";
import { getProxyState, type ProxyState } from "@/lib/server/proxy/state";
import { buildTradersReport } from "./build-traders";
import type { TapeWindow } from "./read-tape";

// Traders reports per token: computed once per REPORT_TTL_MS whoever asks, concurrent askers join the computation in
// flight, and each round reads only the tape rows that are new since the last (the window is kept with the report).
// The cache is bounded by count; each window by MAX_ROWS.

export const REPORT_TTL_MS = 30_000;
export const MAX_REPORTS = 200;
const MAX_COMPUTING = 32;

interface Entry {
  envelope: TradersEnvelope;
  storedAt: number;
  tape: TapeWindow;
}

export interface TradersService {
  get(ref: {
    chain: ChainId;
    address: string;
  }): Promise<{ envelope: TradersEnvelope; cache: "hit" | "miss" | "coalesced" }>;
  size(): number;
}

const free = (e: TradersEnvelope): TradersEnvelope => ({ ...e, meta: { ...e.meta, credits: 0 } });

export function createTradersService(
  opts: { state?: () => ProxyState; now?: () => number; cohorts?: () => CohortService } = {},
): TradersService {
  const now = opts.now ?? Date.now;
  const state = opts.state ?? getProxyState;
  const cohorts = opts.cohorts ?? getCohortService;
  const cache = new LRUCache<string, Entry>({ max: MAX_REPORTS });
  const inflight = createCoalescer<Entry>(MAX_COMPUTING);

  async function compute(key: string, ref: { chain: ChainId; address: string }): Promise<Entry> {
    const reader = createReader(state());
    const t = now();
    // the tags come from the cohort report (usually the one the token page already asked for); without it, no tags
    let cohortCredits = 0;
    const tags: Promise<CohortReport | null> = cohorts()
      .get(ref)
      .then((r) => {
        cohortCredits = r.envelope.meta.credits;
        return r.envelope.data;
      })
      .catch(() => null);
    const { report, tape } = await buildTradersReport(reader, ref, { prior: cache.get(key)?.tape, cohorts: tags });
    const entry: Entry = {
      envelope: { data: report, meta: { asOf: reader.asOf() || t, credits: reader.spent() + cohortCredits } },
      storedAt: t,
      tape,
    };
    cache.set(key, entry);
    return entry;
  }

  return {
    async get(ref) {
      const key = `${ref.chain}|${ref.address}`;
      const hit = cache.get(key);
      if (hit && now() - hit.storedAt < REPORT_TTL_MS) return { envelope: free(hit.envelope), cache: "hit" };
      const shared = inflight.join(key);
      try {
        const entry = await (shared ?? inflight.lead(key, () => compute(key, ref)));
        return shared ? { envelope: free(entry.envelope), cache: "coalesced" } : { envelope: entry.envelope, cache: "miss" };
      } catch (error) {
        // The upstream failed: an older report, flagged, beats an error page.
        if (hit && error instanceof ApiError && error.status >= 500) {
          const e = free(hit.envelope);
          return { envelope: { ...e, meta: { ...e.meta, degraded: true } }, cache: "hit" };
        }
        throw error;
      }
    },
    size: () => cache.size,
  };
}

const SERVICE = Symbol.for("trading-explorer.traders-service");

export function getTradersService(): TradersService {
  const holder = globalThis as { [SERVICE]?: TradersService };
  holder[SERVICE] ??= createTradersService();
  return holder[SERVICE];
}
