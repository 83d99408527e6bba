import { LRUCache } from "lru-cache";
import { ApiError, type ChainId, COHORT_RULES, type CohortEnvelope, PRECONFIRM_TTL_MS } from "@/lib/api";
import { createCoalescer } from "@/lib/server/proxy/coalescer";
import { getProxyState, type ProxyState } from "@/lib/server/proxy/state";
import { buildCohortReport, type EarlyWindow } from "./build-report";
import { createReader } from "./upstream-reads";

// Cohort reports per token: computed once per REPORT_TTL_MS whoever asks (viewers share one report and one set of
// upstream reads), concurrent askers join the computation in flight, and the cache is bounded by count.

export const REPORT_TTL_MS = 30_000;
export const MAX_REPORTS = 500;
const MAX_COMPUTING = 32;

interface Entry {
  envelope: CohortEnvelope;
  storedAt: number;
  /** The launch window's trades once it can no longer change: later rounds skip reading it again. */
  early?: EarlyWindow;
}

export interface CohortService {
  get(ref: {
    chain: ChainId;
    address: string;
  }): Promise<{ envelope: CohortEnvelope; cache: "hit" | "miss" | "coalesced" }>;
  size(): number;
}

export function createCohortService(opts: { state?: () => ProxyState; now?: () => number } = {}): CohortService {
  const now = opts.now ?? Date.now;
  const state = opts.state ?? getProxyState;
  const cache = new LRUCache<string, Entry>({ max: MAX_REPORTS });
  const inflight = createCoalescer<Entry>(MAX_COMPUTING);

  async function compute(key: string, ref: { chain: ChainId; address: string }): Promise<Entry> {
    const reader = createReader(state());
    const prior = cache.get(key);
    const t = now();
    const { report, early } = await buildCohortReport(reader, ref, { early: prior?.early });
    const settled =
      (report.seriesTimes.at(-1) ?? 0) > report.createdAt + COHORT_RULES.earlyWindowMs + PRECONFIRM_TTL_MS;
    const entry: Entry = {
      envelope: { data: report, meta: { asOf: reader.asOf() || t, credits: reader.spent() } },
      storedAt: t,
      early: settled && early.complete ? early : undefined,
    };
    cache.set(key, entry);
    return entry;
  }

  return {
    async get(ref) {
      const key = `${ref.chain}|${ref.address}`;
      const hit = cache.get(key);
      if (hit && now() - hit.storedAt < REPORT_TTL_MS)
        return { envelope: { ...hit.envelope, meta: { ...hit.envelope.meta, credits: 0 } }, cache: "hit" };
      const shared = inflight.join(key);
      try {
        const entry = await (shared ?? inflight.lead(key, () => compute(key, ref)));
        return shared
          ? { envelope: { ...entry.envelope, meta: { ...entry.envelope.meta, credits: 0 } }, cache: "coalesced" }
          : { envelope: entry.envelope, cache: "miss" };
      } catch (error) {
        // The upstream failed: an older report, flagged, beats an error page.
        if (hit && error instanceof ApiError && error.status >= 500) {
          const e = hit.envelope;
          return { envelope: { ...e, meta: { ...e.meta, credits: 0, degraded: true } }, cache: "hit" };
        }
        throw error;
      }
    },
    size: () => cache.size,
  };
}

const SERVICE = Symbol.for("trading-explorer.cohort-service");

export function getCohortService(): CohortService {
  const holder = globalThis as { [SERVICE]?: CohortService };
  holder[SERVICE] ??= createCohortService();
  return holder[SERVICE];
}
