import { ApiError } from "@/lib/api/errors";
import { clientIpOf } from "../http/client-ip";
import { DEFAULT_IMAGE_HOSTS, fetchImage, type ProxiedImage } from "./fetch-image";
import { errorResponse } from "../proxy/respond";
import { createRateLimiter, type RateLimiter } from "../http/rate-limit";
import { runtimeConfig } from "../runtime";

// GET /api/image?url=…: per client address rate limit (429 `rate_limited` with Retry-After), then the query (400),
// then the icon's host against the allowlist (403 `forbidden`), then the fetch within its limits.

export interface ImageRouteDeps {
  limiter: RateLimiter;
  trustProxy: number;
  allowedHosts: readonly string[];
  /** The market's REST base: its own /assets/ icons are served as they are. */
  marketBase?: string;
  fetch?: (url: string, marketBase: string | undefined, allowedHosts: readonly string[]) => Promise<ProxiedImage>;
}

export async function serveImage(req: Request, d: ImageRouteDeps): Promise<Response> {
  try {
    const decision = d.limiter.take(clientIpOf(req.headers, d.trustProxy));
    if (!decision.ok)
      throw new ApiError("rate_limited", "too many image requests from this address; slow down", { retryAfterSec: decision.retryAfterSec });
    const params = new URL(req.url).searchParams;
    const url = params.get("url");
    if (url === null) throw new ApiError("missing_parameter", "url is required", { param: "url" });
    if ([...params.keys()].some((k) => k !== "url") || params.getAll("url").length > 1)
      throw new ApiError("unknown_parameter", "only one url parameter is taken");
    const image = await (d.fetch ?? fetchImage)(url, d.marketBase, d.allowedHosts);
    return new Response(new Uint8Array(image.body), {
      headers: {
        "content-type": image.contentType,
        // The URL names the icon (its source URL, fetched once): it never changes, so browsers keep it a year.
        "cache-control": "public, max-age=31536000, immutable",
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

const HOLDER = Symbol.for("trading-explorer.image-route");

/** The process's settings and limiter, from the runtime configuration. */
export function imageRouteSettings(): Omit<ImageRouteDeps, "marketBase" | "fetch"> {
  const g = globalThis as { [HOLDER]?: Omit<ImageRouteDeps, "marketBase" | "fetch"> };
  if (!g[HOLDER]) {
    const config = runtimeConfig();
    g[HOLDER] = {
      limiter: createRateLimiter({ ratePerSec: config.image.rateLimitPerSec, burst: config.image.rateLimitBurst }),
      trustProxy: config.proxy.trustProxy,
      allowedHosts: [...DEFAULT_IMAGE_HOSTS, ...config.image.extraHosts],
    };
  }
  return g[HOLDER];
}
