// GET /api/health – liveness plus which kind of upstream this process talks to (never its key or URL), whether that
// upstream answers right now (`status: "degraded"` when it fails, hangs or the breaker is open; still 200: this
// process serves cached and stale data) and, in fleet mode, whether this instance reaches Redis (down = serving alone
// on its own cache and stream share, still 200).
import { ConfigError } from "@/lib/server/config";
import { getFleetRuntime } from "@/lib/server/fleet/fleet-runtime";
import { probeUpstream } from "@/lib/server/ops/health-probe";
import { getProxyState } from "@/lib/server/proxy/state";
import { getUpstreamTarget } from "@/lib/server/upstream/target";
import pkg from "@/package.json";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const NO_STORE = { "Cache-Control": "no-store" };

function fleetHealth() {
  const fleet = getFleetRuntime();
  if (!fleet) return null;
  const h = fleet.link.health();
  return {
    instance: fleet.link.instanceId,
    redis: h.state,
    since: new Date(h.since).toISOString(),
    outages: h.outages,
    mode: h.state === "up" ? "shared" : "alone",
    streamLeader: fleet.streamLeader?.() ?? false,
  };
}

export async function GET() {
  try {
    const { kind } = getUpstreamTarget();
    const probe = await probeUpstream(getProxyState());
    return Response.json(
      {
        ok: true,
        status: probe.ok && probe.circuit === "closed" ? "ok" : "degraded",
        upstream: kind,
        upstreamProbe: probe,
        version: pkg.version,
        fleet: fleetHealth(),
      },
      { headers: NO_STORE },
    );
  } catch (error) {
    const reason = error instanceof ConfigError ? error.message : "upstream not started";
    return Response.json({ ok: false, version: pkg.version, error: reason }, { status: 503, headers: NO_STORE });
  }
}
