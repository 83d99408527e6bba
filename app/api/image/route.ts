// GET /api/image?url=… – a token icon fetched here (https on a public address of an allowed host, ≤ 1 MiB, an image
// type, no redirect; or the market's own icons) and served from this origin: visitors' addresses never reach icon
// hosts. Rate limited per client address (IMAGE_RATE_LIMIT_RPS / IMAGE_RATE_LIMIT_BURST).
import { imageRouteSettings, serveImage } from "@/lib/server/image/route";
import { getUpstreamTarget, upstreamKind } from "@/lib/server/upstream/target";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function GET(req: Request) {
  const marketBase = upstreamKind() === null ? undefined : getUpstreamTarget().baseUrl;
  return serveImage(req, { ...imageRouteSettings(), marketBase });
}
