import { endpoints } from "@/lib/api/endpoints";
import { ApiError } from "@/lib/api/errors";
import type { ProxyState } from "../proxy/state";

// /api/health asks the upstream itself (the free chain list, past the cache) so a load balancer or an operator sees
// a failing or hung market service, not only a live process. One probe at a time, its answer reused for PROBE_TTL_MS:
// hammering /api/health never hammers the upstream.

export const PROBE_TIMEOUT_MS = 1_500;
const PROBE_TTL_MS = 2_000;

export interface UpstreamProbe {
  ok: boolean;
  /** Time the probe took (capped at the probe timeout). */
  ms: number;
  /** Why it failed: the proxy's error code (`upstream_unavailable`, `upstream_timeout`, …). */
  code?: string;
  circuit: string;
}

type Holder = { at: number; probe: Promise<UpstreamProbe> };
const CACHE = Symbol.for("trading-explorer.health-probe");

async function runProbe(state: ProxyState): Promise<UpstreamProbe> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ApiError("upstream_timeout", "probe timed out")), PROBE_TIMEOUT_MS);
  });
  try {
    await Promise.race([state.upstream.send(endpoints.chains, { query: {}, body: undefined }), timeout]);
    return { ok: true, ms: Math.round(performance.now() - started), circuit: state.breaker.state() };
  } catch (error) {
    const code = error instanceof ApiError ? error.code : "upstream_error";
    return { ok: false, ms: Math.round(performance.now() - started), code, circuit: state.breaker.state() };
  } finally {
    clearTimeout(timer);
  }
}

export function probeUpstream(state: ProxyState, now = Date.now()): Promise<UpstreamProbe> {
  const holder = globalThis as { [CACHE]?: Holder };
  const cached = holder[CACHE];
  if (cached && now - cached.at < PROBE_TTL_MS) return cached.probe;
  const probe = runProbe(state);
  holder[CACHE] = { at: now, probe };
  return probe;
}

/** Tests: forget the last probe. */
export function resetHealthProbe(): void {
  delete (globalThis as { [CACHE]?: Holder })[CACHE];
}
