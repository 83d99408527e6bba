// GET /api/image?url=… – a token icon fetched here (https on a public address, ≤ 1 MiB, an image type, no redirect;
// or the embedded market's own icons) and served from this origin: visitors' addresses never reach icon hosts.
import { ApiError } from "@/lib/api/errors";
import { fetchImage } from "@/lib/server/image-proxy";
import { errorResponse } from "@/lib/server/proxy/respond";
import { getUpstreamTarget, upstreamKind } from "@/lib/server/upstream-target";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function GET(req: Request) {
  try {
    const params = new URL(req.url).searchParams;
    const url = params.get("url");
    if (url === null) throw new ApiError("missing_parameter", "url is required", { param: "url" });
    if ([...params.keys()].some((k) => k !== "url") || params.getAll("url").length > 1)
      throw new ApiError("unknown_parameter", "only one url parameter is taken");
    const embeddedBase = upstreamKind() === "embedded" ? getUpstreamTarget().baseUrl : undefined;
    const image = await fetchImage(url, embeddedBase);
    return new Response(new Uint8Array(image.body), {
      headers: {
        "content-type": image.contentType,
        "cache-control": "public, max-age=3600",
        "x-content-type-options": "nosniff",
        // An SVG opened directly is a document: no script, no loads, no styles from elsewhere.
        "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        "content-disposition": "inline",
      },
    });
  } catch (error) {
    return errorResponse(error);
  }
}
