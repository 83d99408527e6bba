// GET /api/health – liveness plus which kind of upstream this process talks to (never its key or URL).
import { ConfigError } from "@/lib/server/config";
import { getUpstreamTarget } from "@/lib/server/upstream-target";
import pkg from "@/package.json";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const NO_STORE = { "Cache-Control": "no-store" };

export function GET() {
  try {
    const { kind } = getUpstreamTarget();
    return Response.json({ ok: true, upstream: kind, version: pkg.version }, { headers: NO_STORE });
  } catch (error) {
    const reason = error instanceof ConfigError ? error.message : "upstream not started";
    return Response.json({ ok: false, version: pkg.version, error: reason }, { status: 503, headers: NO_STORE });
  }
}
